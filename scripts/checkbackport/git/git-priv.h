/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The git layer's internals, shared by its files that call libgit2.
 */
#ifndef CHECKBACKPORT_GIT_PRIV_H
#define CHECKBACKPORT_GIT_PRIV_H

#include <assert.h>
#include <string.h>

#include <git2.h>

#include "git.h"

static_assert(sizeof(git_oid) == sizeof(struct cbp_oid),
	      "struct cbp_oid must be a git_oid");

struct cbp_content_memo;
struct cbp_packs;

/**
 * struct cbp_repo - an open repository
 * @git: libgit2's handle
 * @cfg: a snapshot of its config, taken on first use
 * @memo: the files git-change.c hashed for the content of a change, made
 *	  on first use; each thread's repository has its own
 * @packs: its packs mapped for git-change.c's reads of trees, on the
 *	   first; each thread's repository has its own
 */
struct cbp_repo {
	git_repository *git;
	git_config *cfg;
	struct cbp_content_memo *memo;
	struct cbp_packs *packs;
};

/**
 * struct cbp_memo_key - a file as a commit changes it, for git-memo.c
 * @path: its path
 * @a: its blob before (zero: none)
 * @b: its blob after (zero: none)
 * @binary_a: the side before is no blob (a submodule's commit)
 * @binary_b: the same of the side after
 */
struct cbp_memo_key {
	const char *path;
	const git_oid *a, *b;
	int binary_a, binary_b;
};

/* git-memo.c */
int cbp_content_memo_get(struct cbp_repo *repo, const struct cbp_memo_key *k,
			 unsigned long long *hash);
void cbp_content_memo_put(struct cbp_repo *repo, const struct cbp_memo_key *k,
			  unsigned long long hash);
void cbp_content_memo_free(struct cbp_content_memo *memo);

/**
 * struct cbp_odb - a repository's object database
 * @git: libgit2's handle
 * @packs: its packs mapped for cbp_git_read_commit() (git-pack.c), on
 *         the first read
 * @commondir: where they are
 */
struct cbp_odb {
	git_odb *git;
	struct cbp_packs *packs;
	char *commondir;
};

/* git-pack.c */
struct cbp_packs *cbp_git_packs_open(const char *commondir);
void cbp_git_packs_close(struct cbp_packs *ps);
int cbp_git_packs_read(struct cbp_packs *ps, const struct cbp_oid *oid,
		       git_object_t want, char **buf, size_t *alloc,
		       size_t *len);
int cbp_git_packs_read_any(struct cbp_packs *ps, const struct cbp_oid *oid,
			   git_object_t *type,
			   void *(*alloc)(size_t size, void *data),
			   void *data, char **out, size_t *len);
int cbp_git_packs_circular(struct cbp_packs *ps, const unsigned char *id);
int cbp_git_packs_prefix(const struct cbp_packs *ps, const unsigned char *id,
			 size_t hexlen, unsigned char *out);

/* git-backend.c */
int cbp_git_backend_add(git_repository *git);

/* The last component of @path: a file's name, whatever its folder. */
static inline const char *cbp_git_file_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static inline const git_oid *to_git(const struct cbp_oid *oid)
{
	return (const git_oid *)oid;
}

static inline const struct cbp_oid *from_git(const git_oid *oid)
{
	return (const struct cbp_oid *)oid;
}

/*
 * libgit2's own declarations of what git-offline.c defines in its place
 * (transports/ssh.h, auth_negotiate.h and streams/mbedtls.h, not
 * installed); the types are libgit2's, opaque here.
 */
struct git_http_auth_context;
struct git_net_url;
struct git_stream;
int git_transport_ssh_global_init(void);
int git_http_auth_negotiate(struct git_http_auth_context **out,
			    const struct git_net_url *url);
int git_mbedtls_stream_global_init(void);
int git_mbedtls__set_cert_location(const char *file, const char *path);
int git_mbedtls_stream_new(struct git_stream **out, const char *host,
			   const char *port);
int git_mbedtls_stream_wrap(struct git_stream **out, struct git_stream *in,
			    const char *host);

#endif /* CHECKBACKPORT_GIT_PRIV_H */
