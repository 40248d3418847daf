// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers shared by the subcommands: the single error path, opening the
 * index for a query, and formatting commits for people and for JSON.
 */
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cbp.h"

/**
 * cbp_fail() - print the recorded error and give the error exit status
 *
 * This is the one place errors reach the user: "checkbackport: error: "
 * followed by the message recorded by the failing layer, which carries
 * libgit2's or SQLite's own text where one of them failed.
 *
 * Return: CBP_EXIT_ERROR.
 */
int cbp_fail(void)
{
	const char *msg = cbp_errmsg();

	fprintf(stderr, "checkbackport: error: %s\n",
		msg[0] ? msg : "unknown error");
	return CBP_EXIT_ERROR;
}

/* Fill unset settings from git config, then from the defaults. */
static int read_config(git_repository *repo, struct cbp_settings *set,
		       char **owned)
{
	static const struct {
		const char *key;
		size_t offset;
		const char *def;
	} keys[] = {
		{ "checkbackport.mainline",
		  offsetof(struct cbp_settings, mainline), "master" },
		{ "checkbackport.stable",
		  offsetof(struct cbp_settings, stable), "linux-*.y" },
		{ "checkbackport.branches",
		  offsetof(struct cbp_settings, branches), "" },
		{ "checkbackport.tags",
		  offsetof(struct cbp_settings, tags), "v*" },
	};
	git_config *cfg = NULL;
	size_t i;

	if (git_repository_config_snapshot(&cfg, repo) < 0)
		return cbp_error_git("cannot read git config");
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		const char **field = (const char **)((char *)set +
						     keys[i].offset);
		const char *val;

		if (*field)
			continue;
		if (!git_config_get_string(&val, cfg, keys[i].key)) {
			owned[i] = cbp_strdup(val);
			*field = owned[i];
		} else {
			*field = keys[i].def;
		}
	}
	git_error_clear();
	git_config_free(cfg);
	return 0;
}

/**
 * cbp_ctx_repo() - the repository, opened on first use
 * @ctx: the context
 *
 * Initialises libgit2, opens the repository (--repo, or discovered from
 * the current directory) and fills the settings from git config.
 *
 * Return: the repository, or NULL with the error recorded.
 */
git_repository *cbp_ctx_repo(struct cbp_ctx *ctx)
{
	const char *path = ctx->opt->repo_path;

	if (ctx->repo)
		return ctx->repo;
	if (!ctx->git_started) {
		git_libgit2_init();
		ctx->git_started = 1;
		/* Each commit is read once: the object cache would only grow. */
		git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
		git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	}
	if (git_repository_open_ext(&ctx->repo, path ? path : ".", 0, NULL) < 0) {
		ctx->repo = NULL;
		cbp_error_git(path ? path :
			      "not a git repository (or any parent directory)");
		return NULL;
	}
	if (read_config(ctx->repo, &ctx->opt->set, ctx->owned)) {
		git_repository_free(ctx->repo);
		ctx->repo = NULL;
		return NULL;
	}
	return ctx->repo;
}

/**
 * cbp_ctx_release() - close what cbp_ctx_repo() opened
 * @ctx: the context
 */
void cbp_ctx_release(struct cbp_ctx *ctx)
{
	size_t i;

	if (ctx->repo)
		git_repository_free(ctx->repo);
	ctx->repo = NULL;
	if (ctx->git_started)
		git_libgit2_shutdown();
	ctx->git_started = 0;
	for (i = 0; i < ARRAY_SIZE(ctx->owned); i++) {
		free(ctx->owned[i]);
		ctx->owned[i] = NULL;
	}
}

static git_repository *load_repo(void *data)
{
	return cbp_ctx_repo(data);
}

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* Read the one-line file @dir/@name into @buf; 0 on success. */
static int read_line(const char *dir, const char *name, char *buf, size_t size)
{
	char path[PATH_MAX];
	FILE *f;
	int ok;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return -1;
	f = fopen(path, "r");
	if (!f)
		return -1;
	ok = !!fgets(buf, (int)size, f);
	fclose(f);
	buf[strcspn(buf, "\r\n")] = '\0';
	return ok && buf[0] ? 0 : -1;
}

/*
 * Where the index of the repository around @start lives, found without
 * libgit2: the common git directory (shared by worktrees) of the first
 * directory upwards holding .git (a directory or a "gitdir:" file) or
 * looking like a bare repository; $GIT_DIR wins.  Returns NULL when
 * unsure, and the caller takes the libgit2 path instead.
 */
static char *discover_index(const char *start)
{
	char dir[PATH_MAX], line[PATH_MAX];
	char gitdir[2 * PATH_MAX + 16], common[3 * PATH_MAX + 32];
	const char *env = getenv("GIT_DIR");
	char *slash;
	size_t n;

	if (env) {
		snprintf(gitdir, sizeof(gitdir), "%s", env);
	} else {
		if (!realpath(start ? start : ".", dir))
			return NULL;
		for (;;) {
			snprintf(gitdir, sizeof(gitdir), "%s/.git", dir);
			if (is_dir(gitdir))
				break;
			if (!read_line(dir, ".git", line, sizeof(line))) {
				if (strncmp(line, "gitdir: ", 8))
					return NULL;
				if (line[8] == '/')
					snprintf(gitdir, sizeof(gitdir), "%s", line + 8);
				else
					snprintf(gitdir, sizeof(gitdir), "%s/%s", dir,
						 line + 8);
				break;
			}
			snprintf(gitdir, sizeof(gitdir), "%s/objects", dir);
			if (is_dir(gitdir) && !read_line(dir, "HEAD", line, sizeof(line))) {
				snprintf(gitdir, sizeof(gitdir), "%s", dir);
				break;
			}
			slash = strrchr(dir, '/');
			if (!slash || slash == dir)
				return NULL;
			*slash = '\0';
		}
	}
	if (!read_line(gitdir, "commondir", line, sizeof(line))) {
		if (line[0] == '/')
			snprintf(common, sizeof(common), "%s", line);
		else
			snprintf(common, sizeof(common), "%s/%s", gitdir, line);
	} else {
		snprintf(common, sizeof(common), "%s", gitdir);
	}
	if (!realpath(common, dir))
		return NULL;
	n = strlen(dir) + sizeof("/checkbackport.db");
	slash = cbp_malloc(n);
	snprintf(slash, n, "%s/checkbackport.db", dir);
	return slash;
}

/**
 * cbp_open_index() - open the index for a query subcommand
 * @ctx: the context
 * @idx: the opened index
 *
 * Builds the index when there is none (or it is damaged or of another
 * version); updates it first with --update, rebuilds it with --rebuild.
 *
 * Return: 0, or -1 with the error recorded.
 */
int cbp_open_index(struct cbp_ctx *ctx, struct cbp_index **idx)
{
	const struct cbp_options *opt = ctx->opt;
	unsigned int flags = 0;
	git_repository *repo;

	/* Fast path: a valid index answers most queries without libgit2. */
	if (!opt->update && !opt->rebuild && !opt->patch_id) {
		char *path = opt->set.index_path ? cbp_strdup(opt->set.index_path) :
			     discover_index(opt->repo_path);

		if (path && !cbp_index_open_existing(idx, path)) {
			free(path);
			cbp_index_set_repo_loader(*idx, load_repo, ctx);
			return 0;
		}
		free(path);
	}

	if (opt->update)
		flags |= CBP_OPEN_UPDATE;
	if (opt->rebuild)
		flags |= CBP_OPEN_REBUILD;
	repo = cbp_ctx_repo(ctx);
	if (!repo)
		return -1;
	if (cbp_index_open(idx, repo, &opt->set, flags, NULL))
		return -1;
	cbp_index_set_repo_loader(*idx, load_repo, ctx);
	return 0;
}

/**
 * cbp_cite_str() - a commit in kernel citation form
 * @c: the commit
 * @buf: output buffer
 * @size: its size
 *
 * Present commits become 12-char-id ("subject"); cited-only IDs are
 * given as cited, without a subject.
 *
 * Return: @buf.
 */
const char *cbp_cite_str(const struct cbp_commit *c, char *buf, size_t size)
{
	if (c->state == CBP_PRESENT)
		snprintf(buf, size, "%.12s (\"%s\")", c->hex, c->subject);
	else
		snprintf(buf, size, "%.12s", c->hex);
	return buf;
}

/**
 * cbp_branches_str() - names of the branches in a containment bitmap
 * @idx: the index
 * @mask: bitmap from cbp_commit.branches
 * @buf: output buffer
 * @size: its size
 *
 * Mainline first, then stable branches, then others, each by name.
 *
 * Return: @buf, "-" if no tracked branch contains the commit.
 */
const char *cbp_branches_str(const struct cbp_index *idx,
			     unsigned long long mask, char *buf, size_t size)
{
	size_t len = 0;
	int role, bit;

	buf[0] = '\0';
	for (role = CBP_ROLE_MAINLINE; role <= CBP_ROLE_OTHER; role++) {
		for (bit = 0; bit < cbp_index_nr_branches(idx); bit++) {
			const struct cbp_branch *b = cbp_index_branch(idx, bit);

			if (!b || b->role != role || !(mask & (1ULL << bit)))
				continue;
			len += snprintf(buf + len, len < size ? size - len : 0,
					"%s%s", len ? " " : "", b->name);
		}
	}
	if (!buf[0])
		snprintf(buf, size, "-");
	return buf;
}

/**
 * cbp_state_str() - the state of an index row as a word
 * @state: enum cbp_state
 *
 * Return: "present", "missing" or "ambiguous".
 */
const char *cbp_state_str(int state)
{
	if (state == CBP_PRESENT)
		return "present";
	return state == CBP_AMBIGUOUS ? "ambiguous" : "missing";
}

/**
 * cbp_resolve_arg() - resolve a user-supplied commit name or explain why not
 * @idx: the index
 * @name: the name
 * @id: the row found
 *
 * An ambiguous short ID lists its candidates on stderr.
 *
 * Return: 0 if found, else CBP_EXIT_ERROR after printing one error.
 */
int cbp_resolve_arg(struct cbp_index *idx, const char *name, long long *id)
{
	struct cbp_commit *cands;
	size_t nr, i;
	char buf[640];
	int rc;

	rc = cbp_resolve(idx, name, id, &cands, &nr);
	if (!rc)
		return 0;
	cbp_fail();
	if (rc == CBP_IS_AMBIGUOUS) {
		fprintf(stderr, "checkbackport: hint: the candidates are:\n");
		for (i = 0; i < nr; i++)
			fprintf(stderr, "checkbackport: hint:   %s\n",
				cbp_cite_str(&cands[i], buf, sizeof(buf)));
	}
	free(cands);
	return CBP_EXIT_ERROR;
}

/**
 * cbp_commit_json() - a commit as a JSON object
 * @idx: the index (for branch names)
 * @c: the commit
 *
 * Return: a new object with id, abbrev, subject, state, first_release and
 * branches.
 */
struct json_object *cbp_commit_json(const struct cbp_index *idx,
				    const struct cbp_commit *c)
{
	struct json_object *o = json_object_new_object();
	struct json_object *br = json_object_new_array();
	char abbrev[13];
	int role, bit;

	snprintf(abbrev, sizeof(abbrev), "%.12s", c->hex);
	json_object_object_add(o, "id", json_object_new_string(c->hex));
	json_object_object_add(o, "abbrev", json_object_new_string(abbrev));
	json_object_object_add(o, "state",
			       json_object_new_string(cbp_state_str(c->state)));
	json_object_object_add(o, "subject", c->state == CBP_PRESENT ?
			       json_object_new_string(c->subject) : NULL);
	json_object_object_add(o, "first_release", c->release[0] ?
			       json_object_new_string(c->release) : NULL);
	for (role = CBP_ROLE_MAINLINE; role <= CBP_ROLE_OTHER; role++)
		for (bit = 0; bit < cbp_index_nr_branches(idx); bit++) {
			const struct cbp_branch *b = cbp_index_branch(idx, bit);

			if (b && b->role == role && (c->branches & (1ULL << bit)))
				json_object_array_add(br,
						      json_object_new_string(b->name));
		}
	json_object_object_add(o, "branches", br);
	return o;
}

/**
 * cbp_json_print() - print a JSON document on stdout and free it
 * @obj: the document
 */
void cbp_json_print(struct json_object *obj)
{
	puts(json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PRETTY |
					    JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(obj);
}
