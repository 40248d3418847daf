// SPDX-License-Identifier: GPL-2.0
/*
 * libgit2 without its network: checkbackport reads local repositories
 * and never fetches, pushes or authenticates, but Debian's libgit2 is
 * built with SSH (libssh2, and OpenSSL under it), with HTTP's Negotiate
 * (GSSAPI, and Kerberos under it) and with TLS (mbed TLS).  Linked from
 * the archives (GIT_STATIC in the Makefile), each process paid for what
 * it never calls: OpenSSL's tables, a third of checkbackport-git's file,
 * are relocated page by page at every start, libssh2_init() loads
 * OpenSSL's engines from git_libgit2_init(), the shared GSSAPI pulls
 * seven libraries into the dynamic loader's work, and the TLS stream's
 * start seeds a random generator from gathered entropy.  Together that
 * was a third of an index update that finds nothing new, the commonest
 * run there is (see "Building" in the manual).
 *
 * So the program defines the entry points of libgit2's SSH transport, of
 * its Negotiate authentication and of its mbed TLS stream itself, as
 * libgit2 does when built without them: the SSH transport and a TLS
 * stream refuse with libgit2's error, Negotiate offers no context, and
 * nothing starts.  A definition in the program satisfies libgit2's
 * references before the linker looks into libgit2.a, so the members that
 * would call libssh2, GSSAPI and mbed TLS's SSL code are never taken,
 * nor are those libraries (of mbed TLS, only the SHA-256 of libgit2's
 * hashing stays).  Should a later libgit2 need another symbol of those
 * members, the linker takes them again and stops on the symbols defined
 * twice: a failed build, not a quiet one.
 *
 * Only for the archives: against the shared libgit2 these would merely
 * interpose on its own, which have nothing to save.
 */
#ifdef CBP_GIT_STATIC
#include <git2/sys/stream.h>
#include <git2/sys/transport.h>

#include "git-priv.h"

static int offline(const char *what)
{
	git_error_set(GIT_ERROR_INVALID,
		      "checkbackport reads local repositories only: no %s", what);
	return -1;
}

static int no_ssh(void)
{
	return offline("SSH transport");
}

/**
 * git_transport_ssh_global_init() - start no SSH library
 *
 * Context: called once by git_libgit2_init().
 * Return: 0.
 */
int git_transport_ssh_global_init(void)
{
	return 0;
}

/**
 * git_smart_subtransport_ssh() - refuse an SSH subtransport
 * @out: set to NULL
 * @owner: the transport that asked
 * @param: its parameter
 *
 * Context: libgit2's transport for an ssh:// or scp-like remote.
 * Return: -1, with libgit2's error set.
 */
int git_smart_subtransport_ssh(git_smart_subtransport **out,
			       git_transport *owner, void *param)
{
	(void)owner;
	(void)param;
	*out = NULL;
	return no_ssh();
}

/**
 * git_transport_ssh_with_paths() - refuse an SSH transport
 * @out: set to NULL
 * @owner: the remote that asked
 * @payload: the paths of the remote programs
 *
 * Context: public libgit2 API; nothing in checkbackport calls it.
 * Return: -1, with libgit2's error set.
 */
int git_transport_ssh_with_paths(git_transport **out, git_remote *owner,
				 void *payload)
{
	(void)owner;
	(void)payload;
	*out = NULL;
	return no_ssh();
}

/**
 * git_http_auth_negotiate() - offer no Negotiate authentication
 * @out: set to NULL: no context, as libgit2 without GSSAPI
 * @url: the server's address
 *
 * Context: libgit2's HTTP client, asked for its authentication schemes.
 * Return: GIT_PASSTHROUGH (this scheme is not offered), as libgit2's
 * placeholder returns.
 */
int git_http_auth_negotiate(struct git_http_auth_context **out,
			    const struct git_net_url *url)
{
	(void)url;
	*out = NULL;
	return GIT_PASSTHROUGH;
}

/**
 * git_mbedtls_stream_global_init() - start no TLS
 *
 * No TLS configuration, no certificate authority read, no entropy
 * gathered: that was 0.5 ms and 24 page faults of every start.
 *
 * Context: called once by git_libgit2_init().
 * Return: 0.
 */
int git_mbedtls_stream_global_init(void)
{
	return 0;
}

/**
 * git_mbedtls__set_cert_location() - refuse certificate locations
 * @file: a bundle of certificate authorities
 * @path: a directory of them
 *
 * Context: git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS), which
 * checkbackport never sets.
 * Return: -1, with libgit2's error set.
 */
int git_mbedtls__set_cert_location(const char *file, const char *path)
{
	(void)file;
	(void)path;
	return offline("TLS");
}

/**
 * git_mbedtls_stream_new() - refuse a TLS connection
 * @out: set to NULL
 * @host: the server
 * @port: its port
 *
 * Context: libgit2's HTTPS transport.
 * Return: -1, with libgit2's error set.
 */
int git_mbedtls_stream_new(git_stream **out, const char *host,
			   const char *port)
{
	(void)host;
	(void)port;
	*out = NULL;
	return offline("TLS");
}

/**
 * git_mbedtls_stream_wrap() - refuse TLS over another stream
 * @out: set to NULL
 * @in: the stream TLS would run over (a proxy's)
 * @host: the server
 *
 * Context: libgit2's HTTPS transport through a proxy.
 * Return: -1, with libgit2's error set.
 */
int git_mbedtls_stream_wrap(git_stream **out, git_stream *in,
			    const char *host)
{
	(void)in;
	(void)host;
	*out = NULL;
	return offline("TLS");
}
#endif
