#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# the index file.  Only an absent file, or one
# of ours (application id) that is stale or damaged, is (re)built; any
# other file is an error that names it, and is left as it was.  A fresh
# index replaces the old one atomically and durably (the file and its
# directory are synced around the rename), through a symbolic link if
# the index is one, and a killed run's temporary file is removed by the
# next run.

. "$(dirname "$0")/lib-checkbackport.sh"

FULL=$(dirname "$CBP_BIN")/checkbackport-git

test_expect_success 'set up a repository' '
	git init -q repo && cd repo && test_commit "drm: one" &&
	test_commit "drm: two" && git tag v6.12
'

# untouched FILE CMD...: CMD fails with status 2 naming FILE, which keeps
# its contents, inode and modification time (one stat for both, before
# and after).
untouched () {
	f=$1 && shift && cp -p "$f" "$TRASH/before" &&
	was=$(stat -c "%i %Y" "$f") &&
	test_expect_code 2 "$@" 2>"$TRASH/err" &&
	grep "error: .*$f.* not a checkbackport index" "$TRASH/err" &&
	cmp "$TRASH/before" "$f" && test "$(stat -c "%i %Y" "$f")" = "$was"
}

test_expect_success 'a text file is never replaced, even by -q, --rebuild or check' '
	cd repo && echo hello >../precious.txt &&
	untouched ../precious.txt "$CBP_BIN" -q names --index ../precious.txt HEAD &&
	untouched ../precious.txt "$CBP_BIN" names --index=../precious.txt HEAD &&
	untouched ../precious.txt "$CBP_BIN" -q index --index ../precious.txt &&
	untouched ../precious.txt "$FULL" -q index --rebuild --index ../precious.txt &&
	untouched ../precious.txt "$CBP_BIN" -q check --index ../precious.txt HEAD &&
	untouched ../precious.txt "$CBP_BIN" -q fixes --index ../precious.txt HEAD
'

test_expect_success 'nor a patch, an empty file, or another program SQLite database' '
	cd repo && git format-patch -q -1 --stdout >../a.patch &&
	untouched ../a.patch "$CBP_BIN" -q index --index ../a.patch &&
	: >../empty && untouched ../empty "$CBP_BIN" -q index --index ../empty &&
	perl -e "print qq(SQLite format 3\\0), qq(\\0) x 84" >../short.db &&
	untouched ../short.db "$CBP_BIN" -q index --rebuild --index ../short.db &&
	if command -v sqlite3 >/dev/null
	then
		sqlite3 ../other.db "CREATE TABLE t(x); INSERT INTO t VALUES (42)" &&
		untouched ../other.db "$CBP_BIN" -q index --index ../other.db &&
		untouched ../other.db "$CBP_BIN" -q names --index ../other.db HEAD &&
		test "$(sqlite3 ../other.db "SELECT x FROM t")" = 42
	fi
'

test_expect_success 'nor a directory or a FIFO, which is not even opened' '
	cd repo && mkdir ../dir.db && mkfifo ../fifo.db &&
	test_expect_code 2 "$CBP_BIN" -q index --index ../dir.db 2>../err &&
	grep "dir.db is not a checkbackport index (not a regular file)" ../err &&
	test_expect_code 2 timeout 20 "$CBP_BIN" -q names --index ../fifo.db HEAD 2>../err &&
	grep "fifo.db is not a checkbackport index (not a regular file)" ../err &&
	test -d ../dir.db && test -p ../fifo.db
'

test_expect_success 'an absent file is built, and used' '
	cd repo && cbp index --index ../new.db >../out &&
	grep "^built ../new.db" ../out &&
	cbp names --index ../new.db HEAD >../out && grep "^1 name" ../out
'

test_expect_success 'an index behind a symbolic link is replaced through it' '
	cd repo && mkdir ../real && cbp index --index ../real/idx.db >/dev/null &&
	ln -s real/idx.db ../link.db && ino=$(stat -c %i ../real/idx.db) &&
	cbp index --rebuild --index ../link.db >/dev/null &&
	test -L ../link.db && test "$(readlink ../link.db)" = real/idx.db &&
	test "$(stat -c %i ../real/idx.db)" != "$ino" &&
	test_commit "drm: three" && cbp index --index ../link.db >../out &&
	grep "read 1 new commit" ../out && test -L ../link.db &&
	cbp names --index ../link.db HEAD >../out && grep "drm: three" ../out &&
	! ls ../real/idx.db.new.* ../link.db.new.* 2>/dev/null &&
	ln -s real/later.db ../dangling.db &&
	cbp index --index ../dangling.db >/dev/null &&
	test -L ../dangling.db && test -f ../real/later.db
'

test_expect_success 'the default index through a link, and the link to a link' '
	cd repo && cbp index --index ../real/repo.db >/dev/null &&
	ln -s ../../real/hop.db .git/checkbackport.db && ln -s repo.db ../real/hop.db &&
	cbp index --rebuild >/dev/null &&
	test -L .git/checkbackport.db && test -L ../real/hop.db &&
	test -f ../real/repo.db && test -f ../real/repo.db.lock
'

test_expect_success 'a lock file that is a link is refused, its target untouched' '
	cd repo && echo mine >../victim && chmod 600 ../victim &&
	rm -f ../real/repo.db.lock &&
	ln -s ../victim ../real/repo.db.lock &&
	test_expect_code 2 cbp index --rebuild 2>../err &&
	grep "cannot open .*repo.db.lock" ../err &&
	test "$(cat ../victim)" = mine &&
	test "$(stat -c %a ../victim)" = 600 &&
	rm ../real/repo.db.lock &&
	cbp index >/dev/null
'

test_expect_success 'temporary files of killed runs are removed by the next run' '
	cd repo && rm -f .git/checkbackport.db && cbp index >/dev/null &&
	db=.git/checkbackport.db &&
	cp "$db" "$db.new.12345" && : >"$db.new.999999" &&
	echo keep >"$db.new.12x" && echo keep >"$db.new.777" &&
	cp "$db" ../other.new.1 &&
	cbp index >/dev/null &&
	! test -e "$db.new.12345" && ! test -e "$db.new.999999" &&
	test -e "$db.new.12x" && test -e "$db.new.777" && test -e ../other.new.1
'

# A library that logs fsync(), fdatasync() and rename() with the paths.
test_expect_success 'build a syscall logger' '
	cat >shim.c <<-\EOF &&
	#define _GNU_SOURCE
	#include <dlfcn.h>
	#include <limits.h>
	#include <stdio.h>
	#include <stdlib.h>
	#include <unistd.h>

	static void logf_(const char *what, const char *a, const char *b)
	{
		const char *log = getenv("SHIM_LOG");
		FILE *f = log ? fopen(log, "a") : NULL;

		if (!f)
			return;
		fprintf(f, "%s %s%s%s\n", what, a, b ? " " : "", b ? b : "");
		fclose(f);
	}

	static void log_fd(const char *what, int fd)
	{
		char link[64], path[PATH_MAX];
		ssize_t n;

		snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
		n = readlink(link, path, sizeof(path) - 1);
		path[n > 0 ? n : 0] = 0;
		logf_(what, path, NULL);
	}

	int fsync(int fd)
	{
		int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");

		log_fd("fsync", fd);
		return real(fd);
	}

	int fdatasync(int fd)
	{
		int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");

		log_fd("fsync", fd);
		return real(fd);
	}

	int rename(const char *a, const char *b)
	{
		int (*real)(const char *, const char *) =
			(int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
		char ra[PATH_MAX], rb[PATH_MAX];

		logf_("rename", realpath(a, ra) ? ra : a, b);
		return real(a, b);
	}
	EOF
	cc -shared -fPIC -o shim.so shim.c -ldl
'

test_expect_success 'a fresh index is synced, renamed, and its directory synced' '
	cd repo && rm -f ../log && gd=$(cd .git && pwd -P) &&
	SHIM_LOG=$TRASH/log LD_PRELOAD=$TRASH/shim.so "$FULL" -q index --rebuild &&
	cat ../log &&
	n=$(grep -n "^fsync $gd/checkbackport.db.new.[0-9]*$" ../log | tail -n 1 | cut -d: -f1) &&
	r=$(grep -n "^rename $gd/checkbackport.db.new.[0-9]* .*checkbackport.db$" ../log | cut -d: -f1) &&
	d=$(grep -n "^fsync $gd$" ../log | tail -n 1 | cut -d: -f1) &&
	test -n "$n" && test -n "$r" && test -n "$d" &&
	test "$n" -lt "$r" && test "$r" -lt "$d"
'

test_expect_success 'an update in place is synced by SQLite' '
	cd repo && test_commit "drm: four" && rm -f ../log &&
	gd=$(cd .git && pwd -P) &&
	SHIM_LOG=$TRASH/log LD_PRELOAD=$TRASH/shim.so "$FULL" -q index &&
	cat ../log && grep "^fsync $gd/checkbackport.db$" ../log &&
	grep "^fsync $gd/checkbackport.db-journal$" ../log
'

# damage_first FILE FROM TO: replace the first FROM in FILE by TO, same
# length, in place, as a damaged sector would.
damage_first () {
	perl -e '
		my ($f, $from, $to) = @ARGV;
		open(my $fh, "+<:raw", $f) or die "$f: $!";
		local $/; my $s = <$fh>;
		my $at = index($s, $from); die "no $from in $f" if $at < 0;
		seek($fh, $at, 0); print $fh $to; close $fh;
	' "$@"
}

test_expect_success 'index --verify: a sound index, exit 0, changing nothing' '
	cd repo && rm -f .git/checkbackport.db && cbp index >/dev/null &&
	cp .git/checkbackport.db ../sound.db &&
	cbp index --verify >../out && grep "^verified .*no damage found" ../out &&
	cbp index --verify --json >../out &&
	test "$(json_get ../out "\$j->{sound} ? 1 : 0")" = 1 &&
	cmp .git/checkbackport.db ../sound.db
'

test_expect_success 'index --verify: a damaged subject SQLite does not see, exit 1' '
	cd repo && cp ../sound.db .git/checkbackport.db &&
	damage_first .git/checkbackport.db "drm: two" "drm: tw0" &&
	cbp names "$(git rev-parse HEAD~2)" >../out && grep "drm: tw0" ../out &&
	test_expect_code 1 cbp index --verify >../out &&
	grep "^damage: commit .*subject does not match its hash" ../out &&
	grep "is damaged (1 problem): rebuild it" ../out &&
	cbp index --rebuild >/dev/null && cbp index --verify >/dev/null
'

test_expect_success 'index --verify: a damaged commit ID and damaged pages, exit 1' '
	cd repo && cp ../sound.db .git/checkbackport.db &&
	h=$(git rev-parse HEAD~1) &&
	damage_first .git/checkbackport.db "$h" "$(echo "$h" | tr 0-9a-f 1-9a-f0)" &&
	cp .git/checkbackport.db ../damaged.db &&
	test_expect_code 1 cbp index --verify >../out &&
	grep "^damage: commit $(s12 "$h" | tr 0-9a-f 1-9a-f0): the ID does not match its key" ../out &&
	cmp .git/checkbackport.db ../damaged.db &&
	cp ../sound.db .git/checkbackport.db &&
	dd if=/dev/urandom of=.git/checkbackport.db bs=4096 seek=3 count=2 \
		conv=notrunc 2>/dev/null &&
	test_expect_code 1 cbp index --verify --json >../out &&
	test "$(json_get ../out "\$j->{sound} ? 1 : 0")" = 0
'

test_expect_success 'index --verify: no index, or a file not ours, exit 2' '
	cd repo && test_expect_code 2 "$CBP_BIN" index --verify --index ../none.db 2>../err &&
	grep "no index at ../none.db" ../err && ! test -e ../none.db &&
	untouched ../precious.txt "$CBP_BIN" index --verify --index ../precious.txt
'

test_done
