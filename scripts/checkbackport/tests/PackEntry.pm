# SPDX-License-Identifier: GPL-2.0
#
# PackEntry: the pieces of a pack entry, for the scripts that write
# packs git would not make (tests/make-pack.pl, fuzz/make-corpus-pack).
# The format is Documentation/gitformat-pack.txt in git.

package PackEntry;

use strict;
use warnings;
use Exporter qw(import);

our @EXPORT_OK = qw(%TYPE header back_offset delta);

# The type codes of an entry's header.
our %TYPE = (commit => 1, tree => 2, blob => 3, tag => 4, ofs => 6,
	     ref => 7);

# An entry's header: its type, then its size, 4 bits then 7 a byte.
sub header {
	my ($type, $size) = @_;
	my $c = ($type << 4) | ($size & 15);
	my $s = '';

	$size >>= 4;
	while ($size) {
		$s .= chr($c | 0x80);
		$c = $size & 0x7f;
		$size >>= 7;
	}
	return $s . chr($c);
}

# A size in a delta's header: 7 bits a byte, low bits first.
sub varint {
	my ($n) = @_;
	my $s = '';

	while ($n >= 0x80) {
		$s .= chr(($n & 0x7f) | 0x80);
		$n >>= 7;
	}
	return $s . chr($n);
}

# How far back an offset delta's base is, as git writes it: 7 bits a
# byte, high bits first, each byte after the first counting one more.
sub back_offset {
	my ($n) = @_;
	my $s = chr($n & 0x7f);

	while ($n >>= 7) {
		$n--;
		$s = chr(0x80 | ($n & 0x7f)) . $s;
	}
	return $s;
}

# A delta on a base of BASE bytes: one op copying all of it, then one
# adding TEXT (none if TEXT is empty).
sub delta {
	my ($base, $text) = @_;

	die "PackEntry: a copy of $base bytes is more than one op\n"
		if $base < 1 || $base > 0xffffff;
	die "PackEntry: more than 127 bytes to add\n" if length $text > 127;
	return varint($base) . varint($base + length $text) .
		chr(0x80 | 0x70) . chr($base & 0xff) .
		chr(($base >> 8) & 0xff) . chr(($base >> 16) & 0xff) .
		($text eq '' ? '' : chr(length $text) . $text);
}

1;
