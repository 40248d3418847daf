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
#    another driver's file does not, and without a list every file counts;
#  - a bite builds its mutants in two copies side by side, each file put
#    back, a mutant that does not apply said so;
#  - a step's pass is re-keyed after it ran only if no file it read at
#    the start changed meanwhile (kept_unchanged);
#  - kunit-intree builds each .kunitconfig in a directory of its own, a
#    new one a copy of another (never of a half-made copy);
#  - the conformance bite's inputs are the checkout's files its builds
#    read (the port's drivers are not among them).

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
# was given go to ./given, sorted.
checkpatch () {
	rm -f given.log &&
	CP_LOG=$TRASH_DIRECTORY/given.log proj/scripts/fixport-checkpatch >out
	status=$?
	touch given.log &&
	sort given.log >given &&
	return $status
}

test_expect_success 'checkpatch: every file checked the first time' '
	checkpatch &&
	test_cmp both given &&
	test_must_be_empty out
'

test_expect_success 'checkpatch: the files it passed are not checked again' '
	checkpatch &&
	test_must_be_empty given
'

test_expect_success 'checkpatch: a finding is reported, and found again' '
	echo "BAD" >>proj/drivers/x/a.c &&
	test_expect_code 1 checkpatch &&
	echo drivers/x/a.c >expect &&
	test_cmp expect given &&
	grep "^ERROR: bad" out &&
	test_expect_code 1 checkpatch &&
	test_cmp expect given
'

test_expect_success 'checkpatch: a file put back as it passed is not checked' '
	git -C proj checkout -q drivers/x/a.c &&
	checkpatch &&
	test_must_be_empty given
'

test_expect_success 'checkpatch: another checkpatch.pl checks everything' '
	echo "# changed" >>ksrc/scripts/checkpatch.pl &&
	checkpatch &&
	test_cmp both given
'

test_expect_success 'checkpatch: FIXPORT_RETEST=1 checks everything' '
	FIXPORT_RETEST=1 checkpatch &&
	test_cmp both given
'

# A copy of a module set as a bite or kunit-intree builds it: a driver x
# the build compiled (its .cmd files name a.c, a.h and a header outside
# the copy), a driver y it did not, and a generated .mod.c.  $1: the
# copy's directory; $2: the directory of the objects (the copy itself
# for a bite, kunit.py's build directory for kunit-intree).
fake_build () {
	mkdir -p "$1/drivers/x" "$1/drivers/y" "$2/drivers/x" &&
	echo "obj-y += drivers/" >"$1/Kbuild" &&
	echo "obj-y += a.o" >"$1/drivers/x/Kbuild" &&
	echo "int a;" >"$1/drivers/x/a.c" &&
	echo "extern int a;" >"$1/drivers/x/a.h" &&
	echo "int b;" >"$1/drivers/y/b.c" &&
	echo "int a;" | gcc -x c -c -o "$2/drivers/x/a.o" - &&
	cat >"$2/drivers/x/.a.o.cmd" <<-EOF &&
	cmd_$2/drivers/x/a.o := gcc -I$1/drivers/x -c -o $2/drivers/x/a.o $1/drivers/x/a.c

	source_$2/drivers/x/a.o := $1/drivers/x/a.c

	deps_$2/drivers/x/a.o := \\
	  \$(wildcard include/config/FOO) \\
	  $1/drivers/x/a.h \\
	  /usr/include/stdio.h \\

	$2/drivers/x/a.o: \$(deps_$2/drivers/x/a.o)
	EOF
	echo "source_m.mod.o := $1/drivers/x/m.mod.c" >"$2/drivers/x/.m.mod.o.cmd"
}

printf "%s\n" Kbuild drivers/x/Kbuild drivers/x/a.c drivers/x/a.h >reads.expect

# bite FUNCTION: call FUNCTION of fixport-bite-lib for a bite of the copy
# ./bite/tree, its work directory ./bite.
bite () {
	bash -c '
		set -e
		bite_name=t
		. "$1/scripts/fixport-bite-lib"
		bite_work=$2/bite bite_tree=$2/bite/tree bite_uml=$2/uml
		bite_src=$2/src bite_configs=CONFIG_X=m bite_modules=x.ko
		"$3"
	' sh "$top" "$TRASH_DIRECTORY" "$1"
}

test_expect_success 'bite: the list of what the build read' '
	mkdir uml && echo 1 >uml/.fixport-complete &&
	fake_build "$TRASH_DIRECTORY/bite/tree" "$TRASH_DIRECTORY/bite/tree" &&
	bite bite_reads >out &&
	sort out >reads &&
	test_cmp reads.expect reads
'

test_expect_success 'bite: without a list, any file changes the key' '
	bite bite_base_key >key1 &&
	echo "int b2;" >>bite/tree/drivers/y/b.c &&
	bite bite_base_key >key2 &&
	! test_cmp key1 key2
'

test_expect_success 'bite: with it, a file the build did not read keeps the key' '
	cp reads bite/reads &&
	bite bite_base_key >key1 &&
	echo "int b3;" >>bite/tree/drivers/y/b.c &&
	bite bite_base_key >key2 &&
	test_cmp key1 key2 &&
	echo "extern int a2;" >>bite/tree/drivers/x/a.h &&
	bite bite_base_key >key3 &&
	! test_cmp key1 key3 &&
	echo "obj-y += y/" >>bite/tree/Kbuild &&
	bite bite_base_key >key4 &&
	! test_cmp key3 key4
'

test_expect_success 'bite: --inputs names the files read, or the whole set' '
	bite bite_inputs >out &&
	head -n 4 out >first &&
	test_cmp reads.expect first &&
	rm -r bite/reads &&
	bite bite_inputs >out &&
	grep -x drivers out &&
	grep -x include out
'

# Two copies build the mutants side by side (bite_prepare_all), with
# stand-ins for the mirror and kbuild: the "module" is the mutated file.
test_expect_success 'bite: mutants built in two copies, each file put back' '
	mkdir -p par/src &&
	printf "%s\n" one two three >par/src/f &&
	bash -c '"'"'
		set -e
		bite_name=t
		. "$1/scripts/fixport-bite-lib"
		bite_work=$2/par bite_modules=x.ko bite_key=k
		mutants=(m1 f "s/one/ONE/" t m2 f "s/none/x/" t
			 m3 f "s/two/TWO/" t m4 f "s/three/3/" t)
		bite_copy () {
			bite_tree=$bite_work/tree bite_saved=$bite_work/saved
			if [ "$1" -gt 0 ]; then
				bite_tree=$bite_tree$1 bite_saved=$bite_saved$1
			fi
			cp -R "$bite_work/src" "$bite_tree"
		}
		bite_build () {
			echo "$BASHPID" >>"$bite_work/$1.pid"
			cp "$bite_tree/f" "$bite_tree/x.ko"
		}
		bite_copy 0
		bite_prepare_all m1 m2 m3 m4
	'"'"' sh "$top" "$TRASH_DIRECTORY" &&
	grep -x ONE par/ko/m1/x.ko && grep -x TWO par/ko/m3/x.ko &&
	grep -x 3 par/ko/m4/x.ko && ! grep -x ONE par/ko/m4/x.ko &&
	test_path_is_missing par/ko/m2 &&
	printf "m2\tDOES NOT APPLY any more\n" >expect &&
	cat par/copy*.unbuilt >unbuilt &&
	test_cmp expect unbuilt &&
	printf "%s\n" one two three >expect &&
	test_cmp expect par/tree/f && test_cmp expect par/tree1/f &&
	test_path_is_missing par/saved && test_path_is_missing par/saved1 &&
	test_cmp par/m1.pid par/m3.pid && ! test_cmp par/m1.pid par/m4.pid
'

# A bite's pass is kept under the inputs it asks for after it ran only
# if what it read at the start is unchanged (kept_unchanged, kept.sh).
test_expect_success 'kept: a file changed during a run is seen' '
	mkdir -p kept/top kept/dir &&
	echo a >kept/top/a && echo b >kept/top/b &&
	bash -c '"'"'
		. "$1/scripts/lib/kept.sh"
		kept_start "$2/kept/dir" step sh -c "cd $2/kept/top && sha256sum a b && echo gcc 12"
	'"'"' sh "$top" "$TRASH_DIRECTORY" >key &&
	test_line_count = 1 key &&
	unchanged () {
		bash -c ". \"\$1/scripts/lib/kept.sh\" && kept_unchanged \"\$2\" step \"\$3\"" \
			sh "$top" "$TRASH_DIRECTORY/kept/dir" "$TRASH_DIRECTORY/kept/top"
	} &&
	unchanged &&
	echo b2 >kept/top/b &&
	test_expect_code 1 unchanged &&
	echo b >kept/top/b &&
	unchanged &&
	rm kept/top/a &&
	test_expect_code 1 unchanged &&
	echo a >kept/top/a &&
	rm kept/dir/step.now &&
	test_expect_code 1 unchanged
'

# intree FUNCTION ARG...: call FUNCTION of kunit-intree for the set in
# ./it/tree/drivers/drm-fixport, built in ./it/build.
intree () {
	bash -c '
		. "$1/scripts/kunit-intree"
		tree=$2/it/tree build=$2/it/build entry=$2/it
		recipe=r ver=v
		shift 2
		"$@"
	' sh "$top" "$TRASH_DIRECTORY" "$@"
}

test_expect_success 'kunit-intree: what the objects linked in read' '
	place=drivers/drm-fixport &&
	fake_build "$TRASH_DIRECTORY/it/tree/$place" \
		"$TRASH_DIRECTORY/it/build/$place" &&
	echo "CONFIG_X=y" >it/kc &&
	(cd "it/build/$place" &&
	 ar rcT built-in.a "$TRASH_DIRECTORY/it/build/$place/drivers/x/a.o") &&
	intree kernel_reads >out &&
	sort out >reads &&
	test_cmp reads.expect reads
'

test_expect_success 'kunit-intree: the key follows the files the kernel read' '
	intree kernel_key "$TRASH_DIRECTORY/it/kc" >all &&
	intree note_reads "$TRASH_DIRECTORY/it/kc" "$(cat all)" >key1 &&
	! test_cmp all key1 &&
	intree kernel_key "$TRASH_DIRECTORY/it/kc" >again &&
	test_cmp key1 again &&
	echo "int b4;" >>it/tree/drivers/drm-fixport/drivers/y/b.c &&
	intree kernel_key "$TRASH_DIRECTORY/it/kc" >key2 &&
	test_cmp key1 key2 &&
	echo "int a3;" >>it/tree/drivers/drm-fixport/drivers/x/a.c &&
	intree kernel_key "$TRASH_DIRECTORY/it/kc" >key3 &&
	! test_cmp key1 key3
'

test_expect_success 'kunit-intree: an object without its .cmd drops the list' '
	rm it/build/drivers/drm-fixport/drivers/x/.a.o.cmd &&
	test_expect_code 1 intree kernel_reads >out &&
	intree note_reads "$TRASH_DIRECTORY/it/kc" x >key4 &&
	test_path_is_missing "$(intree reads_of "$TRASH_DIRECTORY/it/kc")" &&
	echo "int b5;" >>it/tree/drivers/drm-fixport/drivers/y/b.c &&
	intree kernel_key "$TRASH_DIRECTORY/it/kc" >key5 &&
	! test_cmp key4 key5
'

# (logs as kunit-intree sets it: the self-test's .kunitconfig is there.)
test_expect_success 'kunit-intree: a build directory for each .kunitconfig' '
	p=drivers/drm-fixport &&
	for kc in $p $p/drivers/gpu/drm/xe $p/drivers/gpu/drm/amd/amdgpu \
		"$TRASH_DIRECTORY/logs/selftest.kunitconfig" /elsewhere/kc
	do
		intree eval "logs=$TRASH_DIRECTORY/logs; build_of $kc" || return 1
	done >dirs &&
	printf "$TRASH_DIRECTORY/it/builds/%s\n" top drivers_gpu_drm_xe \
		drivers_gpu_drm_amd_amdgpu selftest >expect &&
	head -n 4 dirs >first &&
	test_cmp expect first &&
	sed -n "5s,^$TRASH_DIRECTORY/it/builds/other-[0-9a-f]\{16\}\$,ok,p" dirs >last &&
	echo ok >expect && test_cmp expect last
'

test_expect_success 'kunit-intree: a new build directory starts from another' '
	mkdir -p it/build/arch && echo one >it/build/.config &&
	echo obj >it/build/arch/a.o &&
	intree seed_build "$TRASH_DIRECTORY/it/builds/top" &&
	test_path_is_missing it/build &&
	echo obj >expect && test_cmp expect it/builds/top/arch/a.o &&
	mkdir it/builds/half.tmp && echo half >it/builds/half.tmp/.config &&
	intree seed_build "$TRASH_DIRECTORY/it/builds/xe" &&
	diff -r it/builds/top it/builds/xe &&
	echo two >it/builds/xe/.config &&
	intree seed_build "$TRASH_DIRECTORY/it/builds/xe" &&
	echo two >expect && test_cmp expect it/builds/xe/.config &&
	echo one >expect && test_cmp expect it/builds/top/.config
'

# The conformance bite reads the checkout's files its modules' .cmd
# files name, not the port's drivers, which its suites do not build.
test_expect_success 'conformance-bite: the inputs are what its builds read' '
	mkdir -p cb/scripts/lib &&
	cp "$top/scripts/conformance-bite" cb/scripts/ &&
	cp "$top/scripts/lib/kbuild-reads.sh" cb/scripts/lib/ &&
	bash cb/scripts/conformance-bite --inputs >out &&
	printf "%s\n" kunit scripts ":!scripts/checkbackport" drivers include \
		Kbuild Kconfig Makefile >expect &&
	test_cmp expect out &&
	mkdir -p cb/.build/conformance/k1/mod cb/.build/conformance/k1/gen &&
	c=$TRASH_DIRECTORY/cb &&
	printf "%s\n" "cmd_x.o := gcc -I$c/drivers/gpu/drm/xe/tests -c x.c" \
		"deps_x.o := $c/.build/conformance/k1/mod/x.c \\" \
		"  $c/drivers/gpu/drm/xe/tests/e.h \\" \
		"  $c/drivers/gpu/drm/xe/tests/e.h $c/include/h.h \\" \
		"  $c/Kbuild.include /usr/include/stdio.h" \
		>cb/.build/conformance/k1/mod/.x.o.cmd &&
	bash cb/scripts/conformance-bite --inputs >out &&
	printf "%s\n" kunit scripts ":!scripts/checkbackport" \
		drivers/gpu/drm/xe/tests/e.h include/h.h >expect &&
	test_cmp expect out
'

test_done
