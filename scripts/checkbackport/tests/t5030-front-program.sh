#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The two programs: ./checkbackport, linked without libgit2, answers the
# queries a valid index can answer and hands every other run to
# ./checkbackport-git, which gives the same answers.

. "$(dirname "$0")/lib-checkbackport.sh"

FRONT=$CBP_DIR/checkbackport
FULL=$CBP_DIR/checkbackport-git

# alone/checkbackport is the front without checkbackport-git beside it:
# whatever it hands over fails, naming the reason.
handed_over () {
	test_expect_code 2 ../alone/checkbackport -q "$@" 2>../err &&
	grep "cannot run .*/alone/checkbackport-git" ../err
}

# SQLite may be linked into the front from its archive (FRONT_STATIC),
# or the front be static altogether: its version is in it either way,
# and libgit2 is in it neither way.
test_expect_success 'the front program is not linked with libgit2' '
	{ ldd "$FRONT" >deps 2>&1 || grep -q "not a dynamic" deps; } &&
	! grep "libgit2" deps &&
	"$FRONT" --version | grep -q "SQLite [0-9]" &&
	! grep -q -a "git_libgit2_init" "$FRONT" &&
	grep -q -a "git_libgit2_init" "$FULL"
'

# Wholly static (FRONT_STATIC=all, the default where glibc's archive is
# installed): no dynamic loader, and nothing that would want the glibc
# it was built with at run time: no getpwnam() (front-home.c hands
# "~user/" over), no dlopen() of SQLite's (front-nodl.c).
if grep -q -e "^-static " "$CBP_DIR/build/front-libs"
then
	test_expect_success 'the static front binds nothing and looks up no user' '
		test_expect_code 1 ldd "$FRONT" >deps 2>&1 &&
		grep "not a dynamic executable" deps &&
		nm "$FRONT" >syms &&
		grep " T cbp_user_home$" syms && grep " T __wrap_dlopen$" syms &&
		! grep -w -e getpwnam -e getpwnam_r -e __nss_database_lookup2 syms &&
		"$FRONT" --version | grep -q "SQLite [0-9]"
	'
fi

# checkbackport-git has libgit2 and the libraries under it from their
# archives where they are installed (GIT_STATIC; build/cflags has its
# -DCBP_GIT_STATIC): then it binds none of them at start, and has
# neither libssh2 with OpenSSL, GSSAPI with Kerberos nor mbed TLS's SSL
# code at all (git/git-offline.c): only libc and libm are left to bind.
if grep -q -e "-DCBP_GIT_STATIC" "$CBP_DIR/build/cflags"
then
	test_expect_success 'checkbackport-git binds no libgit2, TLS or SSH library' '
		ldd "$FULL" >deps &&
		grep "libc\.so" deps &&
		! grep -e libgit2 -e libmbed -e libssh2 -e libcrypto -e libsqlite3 \
			-e libgssapi -e libkrb5 deps &&
		! grep -q -a -e libssh2_init -e OPENSSL_init_crypto \
			-e gss_init_sec_context -e mbedtls_ssl_setup \
			-e mbedtls_ctr_drbg_seed "$FULL"
	'
else
	test_expect_success 'checkbackport-git binds the shared libgit2' '
		ldd "$FULL" >deps && grep "libgit2" deps
	'
fi

test_expect_success 'set up a fix, its cherry-pick and its stable backport' '
	git init -q repo && cd repo &&
	test_commit "drm/xe: base" && git tag v6.12 &&
	test_commit "drm/xe: fix the thing" && tip >../FIX &&
	git checkout -q -b linux-6.12.y v6.12 && test_pick master &&
	tip >../BACKPORT && git checkout -q master &&
	test_commit "drm/xe: later" && git tag v6.13 &&
	mkdir ../alone && cp "$FRONT" ../alone/
'

test_expect_success 'without an index the front hands over, and the index gets built' '
	cd repo && handed_over names "$(cat ../FIX)" &&
	grep "no valid index" ../err && ! test -f .git/checkbackport.db &&
	"$FRONT" -q names "$(cat ../FIX)" >../out && test -f .git/checkbackport.db
'

test_expect_success 'names and fixes answer from the index without checkbackport-git' '
	cd repo &&
	../alone/checkbackport -q names "$(cut -c1-12 ../FIX)" >../front-names &&
	"$FULL" -q names "$(cut -c1-12 ../FIX)" >../full-names &&
	test_cmp ../front-names ../full-names &&
	grep "$(cut -c1-12 ../BACKPORT)" ../front-names &&
	../alone/checkbackport -q fixes --json "$(cat ../BACKPORT)" >../front-fixes &&
	"$FULL" -q fixes --json "$(cat ../BACKPORT)" >../full-fixes &&
	test_cmp ../front-fixes ../full-fixes
'

# What the front cannot tell the refs by is taken as moved: a reftable
# store (no loose refs to look at), and a time of the refs ahead of the
# clock, which no build records a stamp for (base/refs-stamp.c).  Either
# way the query hands over, and the index is still answered from.
test_expect_success 'refs the front cannot tell unmoved: a reftable, times ahead' '
	cd repo && mkdir .git/reftable &&
	handed_over names "$(cut -c1-12 ../FIX)" &&
	grep "refs moved since the index was updated" ../err &&
	"$FRONT" -q names "$(cut -c1-12 ../FIX)" >../out &&
	handed_over names "$(cut -c1-12 ../FIX)" &&
	rmdir .git/reftable &&
	touch -d "+1 hour" .git/refs/heads &&
	"$FRONT" -q index >/dev/null &&
	handed_over names "$(cut -c1-12 ../FIX)" &&
	grep "refs moved since the index was updated" ../err &&
	touch -d "-1 hour" .git/refs/heads &&
	"$FRONT" -q index >/dev/null &&
	../alone/checkbackport -q names "$(cut -c1-12 ../FIX)" >../front-names &&
	test_cmp ../full-names ../front-names
'

test_expect_success 'an ID the index does not know is a revision for git to resolve' '
	cd repo && handed_over names 0123456789abcdef &&
	grep "not an ID the index knows" ../err &&
	test_expect_code 2 "$FRONT" -q names 0123456789abcdef 2>../err &&
	grep "unknown commit 0123456789abcdef" ../err
'

test_expect_success 'a revision, a short ID, --update, --rebuild, --patch-id need checkbackport-git' '
	cd repo &&
	handed_over names HEAD~1 && grep "not an ID the index knows" ../err &&
	handed_over names "$(cut -c1-11 ../FIX)" &&
	grep "a short ID may start other objects of the repository" ../err &&
	handed_over missing --since "$(cut -c1-11 ../FIX)" &&
	grep "a short ID may start other objects of the repository" ../err &&
	handed_over names --update "$(cat ../FIX)" && grep -e "--update" ../err &&
	handed_over fixes --rebuild "$(cat ../FIX)" && grep -e "--rebuild" ../err &&
	handed_over names --patch-id "$(cat ../FIX)" && grep -e "--patch-id" ../err
'

test_expect_success 'index and check always need checkbackport-git' '
	cd repo &&
	handed_over index && grep "reads the repository" ../err &&
	handed_over check "$(cat ../BACKPORT)" && grep "reads the repository" ../err
'

test_expect_success 'handed over, a revision gets the answer of its ID' '
	cd repo && "$FRONT" -q names HEAD~1 >../by-rev &&
	"$FRONT" -q names "$(cat ../FIX)" >../by-id &&
	test_cmp ../by-rev ../by-id
'

test_expect_success '--version needs no libgit2 and names its version' '
	alone/checkbackport --version >out 2>err &&
	grep "^checkbackport .*(libgit2 [0-9][0-9.]*, SQLite [0-9]" out &&
	! test -s err
'

# git.c takes the place of mbed TLS's loader of certificate authorities:
# starting libgit2 must not read the system's bundle (libgit2 1.5 built
# with mbed TLS, as Debian's, reads it in git_libgit2_init()).
if command -v strace >/dev/null
then
	test_expect_success 'starting libgit2 reads no certificate bundle' '
		cd repo &&
		test_expect_code 1 strace -f -q -e trace=open,openat \
			-o ../trace "$FULL" -q check --terse "$(cat ../BACKPORT)" >../out &&
		grep "UPSTREAM_MISSING" ../out &&
		grep "checkbackport.db" ../trace &&
		! grep -e "/etc/ssl" -e "\.crt\"" -e "\.pem\"" ../trace
	'
else
	test_skip 'starting libgit2 reads no certificate bundle' 'no strace'
fi

test_done
