#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# a repository owned by someone else is used exactly
# when git 2.39 would use it (safe.directory), by the front program,
# which finds repositories without libgit2, and by checkbackport-git,
# whose libgit2 applies a rule of its own.  Each case sets up config as a
# user would and asks git, the front and checkbackport-git; all three
# must agree, and agree with what git's documentation says.
#
# As root (make check is), the repositories are given to "nobody";
# otherwise git's GIT_TEST_ASSUME_DIFFERENT_OWNER stands in for that and
# the $SUDO_UID cases are skipped.

. "$(dirname "$0")/lib-checkbackport.sh"

FRONT=$CBP_BIN
FULL=$(dirname "$CBP_BIN")/checkbackport-git
NOBODY=65534
if test "$(id -u)" = 0
then
	AS_ROOT=1
else
	AS_ROOT=
	GIT_TEST_ASSUME_DIFFERENT_OWNER=1
	export GIT_TEST_ASSUME_DIFFERENT_OWNER
fi

give_away () {
	test -z "$AS_ROOT" || chown -R "$NOBODY" "$@"
}

test_expect_success 'set up repositories of another user, with an index' '
	git init -q repo && (cd repo && test_commit "drm: one" &&
		git worktree add -q ../wt 2>/dev/null && cbp index >/dev/null) &&
	git init -q --bare bare.git && git -C repo push -q ../bare.git master &&
	(cd bare.git && cbp index >/dev/null) &&
	git -C repo rev-parse HEAD >ID && ln -s repo link &&
	mkdir -p alone && cp "$FRONT" alone/ &&
	cp .gitconfig base.gitconfig &&
	give_away repo bare.git wt
'

ID=$(cat ID 2>/dev/null)

# The global config of the set-up, which with_config starts from: read
# once, not copied by a cp a case (the script has some thirty).
BASE_CONFIG=
while IFS= read -r line
do
	BASE_CONFIG=$BASE_CONFIG$line$LF
done <base.gitconfig 2>/dev/null

# said_why_not <ERR: a line of ERR says why the command would not run
# (read by the shell: a grep for each of some eighty refusals).
said_why_not () {
	while IFS= read -r line || test -n "$line"
	do
		case $line in
		*"dubious ownership"* | *"bad config"* | *"parse config"* | \
		*bogus* | *"invalid key"* | *include*)
			return 0 ;;
		esac
	done
	return 1
}

# verdict CMD...: "ok" if the command ran, "refused" if it said why not.
verdict () {
	if "$@" >/dev/null 2>"$TRASH/verdict.err"
	then
		echo ok
	elif said_why_not <"$TRASH/verdict.err"
	then
		echo refused
	else
		echo "error: $(cat "$TRASH/verdict.err")"
	fi
}

# expect WANT: git, the front alone (it may not hand over) and
# checkbackport-git (answering from the index, and opening the
# repository with libgit2 to update it), run from the current
# directory, all give WANT.
expect () {
	g=$(verdict git rev-parse --git-dir) &&
	f=$(verdict "$TRASH/alone/checkbackport" -q names "$ID") &&
	c=$(verdict "$FULL" -q names "$ID") &&
	u=$(verdict "$FULL" -q index) &&
	echo "git: $g; front: $f; checkbackport-git: $c, index: $u" &&
	test "$g" = "$1" && test "$f" = "$1" && test "$c" = "$1" &&
	test "$u" = "$1"
}

# with_config TEXT: the global config is the base one plus TEXT.
with_config () {
	printf "%s%s\n" "$BASE_CONFIG" "$1" >"$TRASH/.gitconfig"
}

test_expect_success 'no safe.directory: refused' '
	cd repo && with_config "" && expect refused
'

test_expect_success 'safe.directory=* trusts every repository' '
	cd repo && with_config "[safe]
	directory = *" && expect ok
'

test_expect_success 'an empty safe.directory forgets those before it' '
	cd repo && with_config "[safe]
	directory = *
	directory =" && expect refused &&
	with_config "[safe]
	directory = *
	directory" && expect refused &&
	with_config "[safe]
	directory =
	directory = *" && expect ok
'

test_expect_success 'the path of the working tree, as git compares it' '
	cd repo && with_config "[safe] directory = $TRASH/repo" && expect ok &&
	with_config "[safe] directory = $TRASH/repo/" && expect refused &&
	with_config "[safe] directory = $TRASH/*" && expect refused &&
	with_config "[safe] directory = $TRASH/repo/.git" && expect refused &&
	with_config "[safe] directory = ~/repo" && expect ok &&
	with_config "[safe] directory = $TRASH/./repo" && expect refused &&
	with_config "[safe] directory = \"$TRASH/repo\" ; quoted" && expect ok &&
	with_config "[Safe]
	Directory = $TRASH/repo # comment" && expect ok
'

# "~user/" needs the system's user database, which only checkbackport-git
# links (the front may be static, FRONT_STATIC): the front hands the run
# over, and the answer is git's.
test_expect_success 'a ~user/ is expanded as git does, by checkbackport-git' '
	cd repo && with_config "[safe] directory = ~root/repo" &&
	test_expect_code 2 "$TRASH/alone/checkbackport" -q names "$ID" 2>../err &&
	grep "cannot run .*/alone/checkbackport-git (a \"~user/\" in git.s config needs the user database)" ../err &&
	test "$(verdict git rev-parse --git-dir)" = refused &&
	test "$(verdict "$FRONT" -q names "$ID")" = refused &&
	test "$(verdict "$FULL" -q names "$ID")" = refused &&
	with_config "[safe] directory = ~nosuchuser-cbp/repo" &&
	test_expect_code 128 git rev-parse --git-dir 2>../err &&
	grep "failed to expand user dir in: .~nosuchuser-cbp/repo.$" ../err &&
	test_expect_code 2 "$FRONT" -q names "$ID" 2>../err &&
	grep "^checkbackport: error: failed to expand user dir in: .~nosuchuser-cbp/repo.$" ../err
'

test_expect_success 'from a subdirectory and through a symbolic link' '
	cd link && with_config "[safe] directory = $TRASH/link" && expect refused &&
	with_config "[safe] directory = $TRASH/repo" && expect ok
'

test_expect_success 'only protected config counts: not the repository own' '
	cd repo && with_config "[safe \"x\"]
	directory = *
[safe.directory]
	x = *
[includeIf \"gitdir:$TRASH/\"]
	path = $TRASH/star.inc" &&
	printf "[safe]\n\tdirectory = *\n" >"$TRASH/star.inc" &&
	expect refused &&
	cp .git/config ../saved.config &&
	git config -f .git/config safe.directory "*" 2>/dev/null &&
	expect refused &&
	cp ../saved.config .git/config
'

test_expect_success 'includes, the XDG file, GIT_CONFIG_GLOBAL and the system file' '
	cd repo && with_config "[include]
	path = star.inc" && expect ok &&
	with_config "" && mkdir -p ../.config/git &&
	printf "[safe]\n\tdirectory = *\n" >../.config/git/config &&
	expect ok && rm -r ../.config/git &&
	GIT_CONFIG_GLOBAL=$TRASH/star.inc expect ok &&
	GIT_CONFIG_SYSTEM=$TRASH/star.inc expect refused &&
	(unset GIT_CONFIG_NOSYSTEM; GIT_CONFIG_SYSTEM=$TRASH/star.inc expect ok)
'

test_expect_success 'the command line config of a calling git' '
	cd repo && with_config "" &&
	GIT_CONFIG_PARAMETERS="'"'"'safe.directory'"'"'='"'"'*'"'"'" expect ok &&
	GIT_CONFIG_PARAMETERS="'"'"'core.x=1'"'"' '"'"'Safe.Directory=*'"'"'" expect ok &&
	GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0="*" expect ok &&
	GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0="*" \
		GIT_CONFIG_PARAMETERS="'"'"'safe.directory'"'"'=" expect refused &&
	GIT_CONFIG_PARAMETERS=" '"'"'safe.directory'"'"'='"'"'*'"'"'" expect refused
'

test_expect_success 'a config file git cannot read refuses' '
	cd repo && with_config "[safe]
	directory = \"*" && expect refused &&
	with_config "[safe
	directory = *" && expect refused
'

test_expect_success 'a linked worktree, a bare repository, $GIT_DIR' '
	cd wt && with_config "" && expect refused &&
	with_config "[safe] directory = $TRASH/wt" && expect ok &&
	cd ../bare.git && with_config "" && expect refused &&
	with_config "[safe] directory = $TRASH/bare.git" && expect ok &&
	cd ../repo && with_config "" && GIT_DIR=$TRASH/repo/.git expect ok
'

if test -n "$AS_ROOT"
then
test_expect_success 'root under sudo is the user SUDO_UID names' '
	cd repo && with_config "" && SUDO_UID=$NOBODY expect ok &&
	SUDO_UID=0 expect refused && SUDO_UID=12x expect refused
'
else
	test_skip 'root under sudo is the user SUDO_UID names' 'not root'
fi

test_expect_success 'a repository of ones own needs nothing' '
	cd repo && with_config "" &&
	if test -n "$AS_ROOT"
	then
		chown -R 0 . && expect ok
	else
		GIT_TEST_ASSUME_DIFFERENT_OWNER=0 expect ok
	fi
'

test_done
