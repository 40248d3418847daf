// SPDX-License-Identifier: GPL-2.0
/*
 * The repository through libgit2: opening it (which starts libgit2),
 * its config, revisions, refs, ancestry and commit messages, and the
 * error messages libgit2 gives.  Commit objects in bulk are read by
 * git-odb.c, patch-ids computed by git-patchid.c.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "git-priv.h"
#include "base/mime.h"
#include "base/safe-directory.h"

/*
 * libgit2 built against mbed TLS (Debian's 1.5) parses the whole system
 * bundle of certificate authorities in git_libgit2_init(), whether or not
 * the program will ever open a TLS connection: about 6 ms of CPU a
 * process here, more than the rest of starting libgit2 and as much as
 * answering most questions from the index.  checkbackport only reads
 * local repositories, never a remote, so it needs no authority.  Linked
 * from the archives (CBP_GIT_STATIC), the program has no TLS stream at
 * all (git-offline.c).  Against the shared libraries, a definition of the
 * same name in the program comes first for the libraries it loads: the
 * call comes here, and leaves the chain empty.  libgit2 goes on without
 * certificates when there are none; it would then refuse any HTTPS
 * remote, which is never asked of it here.  Where libgit2 uses another
 * TLS library, nothing calls this.  The chain is declared here, not
 * included: mbed TLS's headers are not needed.
 */
struct mbedtls_x509_crt;

#ifndef CBP_GIT_STATIC
int mbedtls_x509_crt_parse_file(struct mbedtls_x509_crt *chain,
				const char *path);

/**
 * mbedtls_x509_crt_parse_file() - load no certificate authority
 * @chain: the chain libgit2 would fill
 * @path: the bundle it names, /etc/ssl/certs/ca-certificates.crt on Debian
 *
 * Context: takes the place of mbed TLS's own for the shared libraries.
 * Return: 0, as mbed TLS does when every certificate loaded.
 */
int mbedtls_x509_crt_parse_file(struct mbedtls_x509_crt *chain,
				const char *path)
{
	(void)chain;
	(void)path;
	return 0;
}
#endif

/**
 * cbp_error_git() - record a failed libgit2 call with libgit2's message
 * @what: what was being done, e.g. "cannot open repository"
 *
 * Return: -1.
 */
int cbp_error_git(const char *what)
{
	return cbp_error("%s: %s", what, cbp_git_last_error());
}

/**
 * cbp_git_last_error() - libgit2's message for the last failure
 *
 * libgit2 keeps it per thread, so the builder's reader thread may ask.
 *
 * Return: the message, "unknown libgit2 error" if there is none.
 */
const char *cbp_git_last_error(void)
{
	const git_error *e = git_error_last();

	return e && e->message ? e->message : "unknown libgit2 error";
}

/* @path without its trailing slash, physical, into @out (PATH_MAX). */
static const char *strip_path(const char *path, char *out)
{
	if (!realpath(path, out))
		snprintf(out, PATH_MAX, "%s", path);
	return out;
}

/*
 * git's ownership rule (safe-directory.c) on the repository libgit2
 * found: its .git file if it has one, its working tree, its git
 * directory.  Not for a repository $GIT_DIR names, as in git.
 */
static int check_ownership(git_repository *git)
{
	char worktree[PATH_MAX], gitdir[PATH_MAX], gitfile[PATH_MAX + 8];
	const char *wd = git_repository_workdir(git);
	struct stat st;
	int has_file = 0;

	if (getenv("GIT_DIR"))
		return 0;
	strip_path(git_repository_path(git), gitdir);
	if (wd) {
		strip_path(wd, worktree);
		snprintf(gitfile, sizeof(gitfile), "%s/.git", worktree);
		has_file = !lstat(gitfile, &st) && S_ISREG(st.st_mode);
	}
	if (!cbp_repo_is_safe(has_file ? gitfile : NULL, wd ? worktree : NULL,
			      gitdir))
		return -1;
	return 0;
}

/**
 * cbp_git_open() - start libgit2 and open a repository
 * @out: the repository
 * @path: a directory in it, or NULL for the current directory; parent
 *	  directories are searched as git does
 *
 * Every commit is read once, so libgit2's object cache (which would only
 * grow) and its hash verification on read are turned off.  So is its
 * check of the repository's owner, which differs from git's: git's rule
 * is applied instead (cbp_repo_is_safe()), as the front program does.
 * Objects whose deltas go round are refused before libgit2 reads them
 * (git-backend.c, which also reads packed objects for libgit2).
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_git_open(struct cbp_repo **out, const char *path)
{
	struct cbp_repo *repo = cbp_calloc(1, sizeof(*repo));
	const char *msg;
	int rc;

	*out = NULL;
	git_libgit2_init();
	git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
	rc = git_repository_open_ext(&repo->git, path ? path : ".", 0, NULL);
	if (rc == GIT_ENOTFOUND) {
		cbp_error_git(path ? path :
			      "not a git repository (or any parent directory)");
	} else if (rc < 0) {
		/* Found but refused: an extension libgit2 does not know. */
		msg = cbp_git_last_error();
		cbp_error("cannot open the repository%s%s: %s%s", path ? " " : "",
			  path ? path : "", msg, strstr(msg, "objectformat") ?
			  " (its commit IDs are SHA-256, which this libgit2 cannot read)" :
			  "");
	}
	if (rc < 0) {
		free(repo);
		git_libgit2_shutdown();
		return -1;
	}
	if (check_ownership(repo->git))
		rc = -1;
	else if (cbp_git_backend_add(repo->git))
		rc = cbp_error_git("cannot open the repository's objects");
	if (rc < 0) {
		git_repository_free(repo->git);
		free(repo);
		git_libgit2_shutdown();
		return -1;
	}
	*out = repo;
	return 0;
}

/**
 * cbp_git_close() - close a repository and stop libgit2
 * @repo: the repository, or NULL
 */
void cbp_git_close(struct cbp_repo *repo)
{
	if (!repo)
		return;
	cbp_content_memo_free(repo->memo);
	cbp_git_packs_close(repo->packs);
	git_config_free(repo->cfg);
	git_repository_free(repo->git);
	free(repo);
	git_libgit2_shutdown();
}

/**
 * cbp_git_dir() - the repository's git directory
 * @repo: the repository
 *
 * Return: its path, ending in '/'.
 */
const char *cbp_git_dir(const struct cbp_repo *repo)
{
	return git_repository_path(repo->git);
}

/**
 * cbp_git_commondir() - the git directory shared by all worktrees
 * @repo: the repository
 *
 * Return: its path.
 */
const char *cbp_git_commondir(const struct cbp_repo *repo)
{
	return git_repository_commondir(repo->git);
}

/*
 * Is @name (as libgit2 gives it: section and key in lower case, the
 * subsection as written) remote.<name>.promisor, whatever the name, as
 * git reads it (an empty one too)?
 */
static int is_promisor_key(const char *name)
{
	static const char head[] = "remote.", tail[] = ".promisor";
	size_t len = strlen(name);

	return len >= strlen(head) + strlen(tail) &&
	       !strncmp(name, head, strlen(head)) &&
	       !strcmp(name + len - strlen(tail), tail);
}

/**
 * cbp_git_has_branch() - whether a short name is a branch the index reads
 * @repo: the repository
 * @name: "master", "origin/linux-6.12.y"
 *
 * Return: 1 if refs/heads/@name or refs/remotes/@name exists (packed or
 * not, symbolic or not), else 0.
 */
int cbp_git_has_branch(struct cbp_repo *repo, const char *name)
{
	static const char *const prefix[] = { "refs/heads/", "refs/remotes/" };
	int found = 0;
	size_t i;

	for (i = 0; i < 2 && !found; i++) {
		char *ref = cbp_strf("%s%s", prefix[i], name);
		git_reference *r;

		if (!git_reference_lookup(&r, repo->git, ref)) {
			git_reference_free(r);
			found = 1;
		}
		free(ref);
	}
	git_error_clear();
	return found;
}

/**
 * cbp_git_gaps() - what the repository lacks of its history
 * @repo: the repository
 *
 * A shallow clone (a "shallow" file in the git directory) has no commit
 * below its cut.  A partial clone (git clone --filter) fetches the files
 * it lacks from a promisor remote when git needs them, which libgit2
 * cannot do: to us they are simply absent, and so are the changes of the
 * commits that add them.  It is one as git decides: a remote with
 * remote.<name>.promisor true, or extensions.partialClone set.  Replace
 * refs (git replace) make git show other commits in the place of some,
 * as long as core.useReplaceRefs and GIT_NO_REPLACE_OBJECTS allow it;
 * libgit2 reads the objects as they are.
 *
 * Return: CBP_GAP_SHALLOW, CBP_GAP_PARTIAL and/or CBP_GAP_REPLACE, or 0.
 */
int cbp_git_gaps(struct cbp_repo *repo)
{
	git_reference_iterator *refs;
	git_config_iterator *it;
	git_reference *ref;
	git_config_entry *e;
	char *remote = NULL;
	int gaps = 0, on = 1;

	if (git_repository_is_shallow(repo->git) == 1)
		gaps |= CBP_GAP_SHALLOW;
	git_error_clear();
	if (!cbp_git_config_string(repo, "extensions.partialclone", &remote))
		gaps |= CBP_GAP_PARTIAL;
	free(remote);
	if (repo->cfg && git_config_get_bool(&on, repo->cfg,
					     "core.usereplacerefs") < 0)
		on = 1;
	if (on && !getenv("GIT_NO_REPLACE_OBJECTS") &&
	    !git_reference_iterator_glob_new(&refs, repo->git, "refs/replace/*")) {
		if (!git_reference_next(&ref, refs)) {
			gaps |= CBP_GAP_REPLACE;
			git_reference_free(ref);
		}
		git_reference_iterator_free(refs);
	}
	git_error_clear();
	/*
	 * Every entry, matched here: libgit2's glob iterator runs a regular
	 * expression whose match data it does not free when an entry does
	 * not match, some kilobytes each, so the branch.* entries of a
	 * developer's repository cost tens of megabytes.
	 */
	if (!repo->cfg || git_config_iterator_new(&it, repo->cfg) < 0) {
		git_error_clear();
		return gaps;
	}
	while (!git_config_next(&e, it))
		if (is_promisor_key(e->name) &&
		    !git_config_parse_bool(&on, e->value) && on)
			gaps |= CBP_GAP_PARTIAL;
	git_config_iterator_free(it);
	git_error_clear();
	return gaps;
}

/**
 * cbp_git_config_string() - one value of the repository's git config
 * @repo: the repository
 * @key: e.g. "checkbackport.mainline"
 * @value: a new copy of the value, when set
 *
 * Return: 0 if set, 1 if not, -1 if the config cannot be read.
 */
int cbp_git_config_string(struct cbp_repo *repo, const char *key,
			  char **value)
{
	const char *val;

	if (!repo->cfg &&
	    git_repository_config_snapshot(&repo->cfg, repo->git) < 0) {
		repo->cfg = NULL;
		return cbp_error_git("cannot read git config");
	}
	if (git_config_get_string(&val, repo->cfg, key) < 0) {
		git_error_clear();
		return 1;
	}
	*value = cbp_strdup(val);
	return 0;
}

/**
 * cbp_git_resolve() - the commit a revision names
 * @repo: the repository
 * @rev: any revision git understands (an ID, v6.12, HEAD~2, ...)
 * @oid: the commit (tags are peeled)
 *
 * Return: 0; CBP_GIT_NO_REVISION, CBP_GIT_NO_COMMIT or CBP_GIT_AMBIGUOUS (a
 * short ID several objects of any type start with, as for git) with a
 * message recorded; -1 with libgit2's if the object cannot be read.
 */
int cbp_git_resolve(struct cbp_repo *repo, const char *rev,
		    struct cbp_oid *oid)
{
	git_object *obj, *peeled;
	int err;

	err = git_revparse_single(&obj, repo->git, rev);
	/*
	 * libgit2 calls every hex prefix under 4 digits ambiguous; to git
	 * it is no abbreviated ID at all, and so no revision (a ref of
	 * that name was found above).
	 */
	if (err == GIT_EAMBIGUOUS && strlen(rev) < GIT_OID_MINPREFIXLEN)
		err = GIT_ENOTFOUND;
	if (err == GIT_EAMBIGUOUS) {
		git_error_clear();
		cbp_error("short ID %s is ambiguous in the repository", rev);
		return CBP_GIT_AMBIGUOUS;
	}
	/* Found but not read: a damaged object (git-backend.c, ...). */
	if (err == GIT_ERROR)
		return cbp_error("cannot read %s: %s", rev,
				 cbp_git_last_error());
	if (err < 0) {
		git_error_clear();
		cbp_error("unknown commit %s", rev);
		return CBP_GIT_NO_REVISION;
	}
	if (git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT) < 0) {
		git_object_free(obj);
		git_error_clear();
		cbp_error("%s does not name a commit", rev);
		return CBP_GIT_NO_COMMIT;
	}
	*oid = *from_git(git_object_id(peeled));
	git_object_free(peeled);
	git_object_free(obj);
	return 0;
}

/**
 * cbp_git_message() - the message and summary of a commit
 * @repo: the repository
 * @oid: the commit
 * @msg: a new copy of its message ("" if none), in UTF-8 if the commit
 *	 says which charset it is in
 * @summary: a new copy of its summary, as git shows it ("" if none)
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_git_message(struct cbp_repo *repo, const struct cbp_oid *oid,
		    char **msg, char **summary)
{
	const char *m, *s, *enc;
	git_commit *c;
	size_t n;

	if (git_commit_lookup(&c, repo->git, to_git(oid)) < 0)
		return cbp_error_git("cannot read commit");
	m = git_commit_message(c);
	s = git_commit_summary(c);
	enc = git_commit_message_encoding(c);
	m = m ? m : "";
	s = s ? s : "";
	/* A message in another charset ("encoding" header), in UTF-8. */
	if (enc && !cbp_mime_is_utf8(enc, m, strlen(m))) {
		*msg = cbp_mime_to_utf8(m, strlen(m), enc, &n);
		*summary = cbp_mime_to_utf8(s, strlen(s), enc, &n);
	} else {
		*msg = cbp_strdup(m);
		*summary = cbp_strdup(s);
	}
	git_commit_free(c);
	return 0;
}

/**
 * cbp_git_descendant_of() - whether one commit contains another
 * @repo: the repository
 * @commit: the later commit (e.g. a branch tip)
 * @ancestor: the commit to look for
 *
 * A commit is not its own descendant.
 *
 * Return: 1 if @ancestor is an ancestor of @commit, 0 if not, -1 with
 * the error recorded if the history cannot be read.
 */
int cbp_git_descendant_of(struct cbp_repo *repo, const struct cbp_oid *commit,
			  const struct cbp_oid *ancestor)
{
	int rc = git_graph_descendant_of(repo->git, to_git(commit),
					 to_git(ancestor));

	if (rc < 0) {
		cbp_error_git("cannot walk the history");
		git_error_clear();
		return -1;
	}
	return rc;
}

static void add_ref(struct cbp_git_ref **refs, size_t *nr, size_t *alloc,
		    const char *name, const git_oid *oid)
{
	*refs = cbp_grow(*refs, sizeof(**refs), *nr + 1, alloc);
	(*refs)[*nr].name = cbp_strdup(name);
	if (oid)
		(*refs)[*nr].commit = *from_git(oid);
	else
		memset(&(*refs)[*nr].commit, 0, sizeof((*refs)[*nr].commit));
	(*refs)[*nr].is_commit = !!oid;
	(*refs)[*nr].why = NULL;
	(*nr)++;
}

/*
 * Why @ref does not peel to a commit: 0 if it leads to a tree or a blob
 * (*@why "a tree" or "a blob"), or to no ref at all (*@why NULL: a
 * symbolic ref left behind, origin/HEAD of a branch deleted: nothing is
 * lost); -1 with libgit2's message in *@why if an object on the way
 * cannot be read (a pack damaged, an object missing).  libgit2's peel
 * error does not tell these apart the same way in every version: the
 * objects are looked up one by one instead.
 */
static int peel_failure(git_repository *repo, git_reference *ref, char **why)
{
	git_reference *direct = NULL;
	git_object *obj = NULL, *next;
	int ret = 0;

	if (git_reference_resolve(&direct, ref) < 0)
		goto out;
	if (git_object_lookup(&obj, repo, git_reference_target(direct),
			      GIT_OBJECT_ANY) < 0)
		goto unreadable;
	while (git_object_type(obj) == GIT_OBJECT_TAG) {
		if (git_tag_target(&next, (git_tag *)obj) < 0)
			goto unreadable;
		git_object_free(obj);
		obj = next;
	}
	/* A commit that would not peel: the peel's message says why. */
	if (git_object_type(obj) == GIT_OBJECT_TREE ||
	    git_object_type(obj) == GIT_OBJECT_BLOB) {
		*why = cbp_strdup(git_object_type(obj) == GIT_OBJECT_TREE ?
				  "a tree" : "a blob");
		goto out;
	}
unreadable:
	*why = cbp_strdup(cbp_git_last_error());
	ret = -1;
out:
	git_object_free(obj);
	git_reference_free(direct);
	return ret;
}

/**
 * cbp_git_refs() - the refs that lead to commits, and their commits
 * @repo: the repository
 * @refs: the refs, in the order git lists them, then "HEAD" if HEAD is
 *	  detached; free with cbp_git_refs_free()
 * @nr: number of @refs
 *
 * Refs leading to trees or blobs (v2.6.11-tree) are listed without a
 * commit (is_commit 0), and so are those leading to an object that
 * cannot be read (is_commit -1, libgit2's message in why).  Only
 * branches, remote-tracking branches and tags are listed: a host's pull
 * and CI refs (refs/pull/, thousands of them) are no history of the
 * repository's own, and peeling each would cost more than reading the
 * refs.
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_git_refs(struct cbp_repo *repo, struct cbp_git_ref **refs, size_t *nr)
{
	git_reference_iterator *it;
	git_reference *ref;
	git_object *obj;
	size_t alloc = 0;
	int err;

	*refs = NULL;
	*nr = 0;
	if (git_reference_iterator_new(&it, repo->git) < 0)
		return cbp_error_git("cannot list refs");
	while (!(err = git_reference_next(&ref, it))) {
		const char *name = git_reference_name(ref);

		if (strncmp(name, "refs/heads/", 11) &&
		    strncmp(name, "refs/remotes/", 13) &&
		    strncmp(name, "refs/tags/", 10)) {
			git_reference_free(ref);
			continue;
		}
		if (!git_reference_peel(&obj, ref, GIT_OBJECT_COMMIT)) {
			add_ref(refs, nr, &alloc, git_reference_name(ref),
				git_object_id(obj));
			git_object_free(obj);
		} else {
			add_ref(refs, nr, &alloc, git_reference_name(ref), NULL);
			if (peel_failure(repo->git, ref, &(*refs)[*nr - 1].why))
				(*refs)[*nr - 1].is_commit = -1;
		}
		git_reference_free(ref);
	}
	git_reference_iterator_free(it);
	if (err != GIT_ITEROVER) {
		cbp_git_refs_free(*refs, *nr);
		*refs = NULL;
		*nr = 0;
		return cbp_error_git("cannot list refs");
	}
	git_error_clear();

	if (git_repository_head_detached(repo->git) == 1 &&
	    !git_repository_head(&ref, repo->git)) {
		if (!git_reference_peel(&obj, ref, GIT_OBJECT_COMMIT)) {
			add_ref(refs, nr, &alloc, "HEAD", git_object_id(obj));
			git_object_free(obj);
		}
		git_reference_free(ref);
	}
	git_error_clear();
	return 0;
}

/**
 * cbp_git_refs_free() - free what cbp_git_refs() returned
 * @refs: the refs
 * @nr: how many
 */
void cbp_git_refs_free(struct cbp_git_ref *refs, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		free(refs[i].name);
		free(refs[i].why);
	}
	free(refs);
}
