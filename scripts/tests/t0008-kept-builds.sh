#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What make validate keeps of its long steps, and when it must not:
#  - fixport-checkpatch remembers the files checkpatch passed, by content
#    (a stand-in checkpatch.pl logs the files it is given and finds
#    something in any file holding "BAD");
#  - a bite's modules (scripts/fixport-bite-lib) and kunit-intree's
#    kernels are kept under a key of the set's files their last build
#    read, listed from kbuild's .cmd files (fabricated here, with a thin
#    built-in.a of real objects): a file the build read changes the key,
#    another driver's file does not, and without a list every file counts.

test_description='kept builds: checkpatch passes, what a build read'
. "$(dirname "$0")/../lib/test-lib.sh"

top=$(cd "$TEST_DIRECTORY/../.." && pwd)

# A checkout with fixport-checkpatch, a set-up that names ./ksrc as the
# kernel source, and the stand-in checkpatch.pl there.
test_expect_success 'set up a checkout and a stand-in checkpatch' '
	mkdir -p proj/scripts proj/drivers/x ksrc/scripts &&
	cp "$top/scripts/fixport-checkpatch" proj/scripts/ &&
	printf "%s\n" "#!/bin/sh" "echo \"$TRASH_DIRECTORY/ksrc\"" \
		>proj/scripts/fixport-setup &&
	chmod +x proj/scripts/fixport-setup &&
	cat >ksrc/scripts/checkpatch.pl <<-\EOF &&
	my $bad = 0;
	open(my $log, ">>", $ENV{CP_LOG}) or die;
	for (my $i = 0; $i < @ARGV; $i++) {
		if ($ARGV[$i] eq "--ignore") { $i++; next; }
		next if $ARGV[$i] =~ /^-/;
		print $log "$ARGV[$i]\n";
		open(my $f, "<", $ARGV[$i]) or die;
		if (grep { /BAD/ } <$f>) {
			print "ERROR: bad\n#1: FILE: $ARGV[$i]:1:\n";
			$bad = 1;
		}
	}
	exit $bad;
	EOF
	echo "int a;" >proj/drivers/x/a.c &&
	echo "int b(void);" >proj/drivers/x/b.h &&
	git -C proj init -q && git -C proj add . &&
	printf "%s\n" drivers/x/a.c drivers/x/b.h >both
'

# checkpatch: run fixport-checkpatch in proj; the files checkpatch.pl
# was given go to ./read, sorted.
checkpatch () {
	rm -f read.log &&
	CP_LOG=$TRASH_DIRECTORY/read.log proj/scripts/fixport-checkpatch >out
	status=$?
	touch read.log &&
	sort read.log >read &&
	return $status
}

test_expect_success 'checkpatch: every file checked the first time' '
	checkpatch &&
	test_cmp both read &&
	test_must_be_empty out
'

test_expect_success 'checkpatch: the files it passed are not checked again' '
	checkpatch &&
	test_must_be_empty read
'

test_expect_success 'checkpatch: a finding is reported, and found again' '
	echo "BAD" >>proj/drivers/x/a.c &&
	test_expect_code 1 checkpatch &&
	echo drivers/x/a.c >expect &&
	test_cmp expect read &&
	grep "^ERROR: bad" out &&
	test_expect_code 1 checkpatch &&
	test_cmp expect read
'

test_expect_success 'checkpatch: a file put back as it passed is not checked' '
	git -C proj checkout -q drivers/x/a.c &&
	checkpatch &&
	test_must_be_empty read
'

test_expect_success 'checkpatch: another checkpatch.pl checks everything' '
	echo "# changed" >>ksrc/scripts/checkpatch.pl &&
	checkpatch &&
	test_cmp both read
'

test_expect_success 'checkpatch: FIXPORT_RETEST=1 checks everything' '
	FIXPORT_RETEST=1 checkpatch &&
	test_cmp both read
'

test_done
