/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading the patches that `checkbackport check` is asked about: files
 * written by git format-patch, mailboxes holding several of them, and
 * standard input.  The reader is free of libgit2 and SQLite; it only splits
 * the text into mails, decodes the subject and finds the commit message and
 * the diff, recording where each starts so that findings can name a line.
 */
#ifndef CHECKBACKPORT_PATCH_H
#define CHECKBACKPORT_PATCH_H

#include <stddef.h>

/*
 * Largest input (file, mailbox or standard input) read, in bytes: far
 * beyond any real patch or series, small enough that check's memory,
 * a small multiple of its input, stays reasonable.  Larger inputs are
 * refused with an error.  Documented in checkbackport-check.rst.
 */
#define CBP_PATCH_MAX_INPUT_MIB	128
#define CBP_PATCH_MAX_INPUT	((size_t)CBP_PATCH_MAX_INPUT_MIB << 20)
/*
 * Most mails read in one run: each costs a few hundred bytes however
 * short it is, so this bounds what a file of tiny mails can cost.
 */
#define CBP_PATCH_MAX_MAILS	100000

/**
 * struct cbp_patch - one mail of an input
 * @source: the file name as given, "<stdin>", or "commit ID"
 * @nr: 1-based position of the mail in its file
 * @line: line of the file where the mail starts
 * @subject: decoded subject with "[PATCH ...]" and "Re:" removed
 * @msg: the commit message body (after the subject, up to the "---"
 *	 separator or the diff), decoded and in UTF-8, NUL-terminated
 * @msg_len: length of @msg
 * @msg_line: line of the file holding the first line of @msg, whose
 *	      lines follow it there; 0 if @msg is empty or was decoded
 *	      (base64, quoted-printable, spread over MIME parts) and its
 *	      lines are not lines of the file
 * @diff: the diff, from the first "diff --git" line to the end of the
 *	  mail or the signature after its last hunk, as the bytes it
 *	  decoded to; or NULL
 * @diff_len: length of @diff
 * @plain: the mail's diff was a plain unified diff (diff -u, quilt: no
 *	   "diff --git" lines); @diff is it as git writes one
 * @error: why the mail is malformed, or NULL if it is not
 * @error_line: line of the file that @error is about
 * @commit: for a commit given by ID, its full ID; "" for a mail
 */
struct cbp_patch {
	char *source;
	unsigned int nr;
	unsigned int line;
	char *subject;
	char *msg;
	size_t msg_len;
	unsigned int msg_line;
	char *diff;
	size_t diff_len;
	int plain;
	char *error;
	unsigned int error_line;
	char commit[41];
};

/**
 * struct cbp_patch_list - the mails read from all inputs, in order
 * @p: the mails
 * @nr: how many
 * @alloc: allocated entries
 */
struct cbp_patch_list {
	struct cbp_patch *p;
	size_t nr;
	size_t alloc;
};

int cbp_patch_parse(struct cbp_patch_list *list, const char *source,
		    const char *buf, size_t len);
int cbp_patch_read_file(struct cbp_patch_list *list, const char *path);
struct cbp_patch *cbp_patch_add(struct cbp_patch_list *list,
				const char *source);
void cbp_patch_list_release(struct cbp_patch_list *list);

#endif /* CHECKBACKPORT_PATCH_H */
