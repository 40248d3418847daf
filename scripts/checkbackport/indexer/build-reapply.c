// SPDX-License-Identifier: GPL-2.0
/*
 * A change made again after its revert.  git's own way is a revert of
 * the revert ("Reapply ...", citing the revert), which the citations
 * already say.  PostgreSQL commits the change anew instead: the same
 * subject, the same patch, no trailer.  Without a link the revert stood
 * for good, so followups said "not re-applied", missing listed the
 * revert for every branch with the change, and check refused the change
 * as reverted upstream (27162a64b386, reverted by b0ea16528cda and made
 * again two days later as dbca3469eb).
 *
 * For each revert mainline has of a mainline commit, the mainline
 * commits after it with the reverted commit's subject are candidates
 * (cbp_store_reapply_candidates()); the first whose patch is the
 * reverted commit's (cbp_git_change_content(): the lines added and
 * dropped, context aside, as copies without a trailer are compared) is
 * linked to the revert as undoing it (CBP_REAPPLIES), so a revert of the
 * revert and a commit made anew count alike.  A candidate with another
 * patch (the same subject, other work) is none; one touching other
 * paths is told so from the trees, without reading a blob.
 */
#include <stdlib.h>
#include <string.h>

#include "build-priv.h"
#include "base/output.h"
#include "base/util.h"

/*
 * One side of a comparison: the paths it touches, read from the trees,
 * and its patch, read from the blobs only once the paths match.
 */
struct side {
	int state;		/* 0 unread, 1 @ch has the paths, -1 unreadable */
	struct cbp_git_change ch;
	int patch_state;	/* 0 not computed, 1 @patch, -1 none */
	unsigned long long patch;
};

static void side_release(struct side *s)
{
	cbp_git_change_release(&s->ch);
	memset(s, 0, sizeof(*s));
}

/* @s's paths, as commit @hex touches them; 0, or -1 if unreadable. */
static int side_paths(struct build *b, struct side *s, const char *hex)
{
	struct cbp_oid oid;

	if (!s->state)
		s->state = !cbp_oid_fromhex(&oid, hex) &&
			   !cbp_git_change_of(b->repo, &oid, 0, &s->ch) ? 1 : -1;
	return s->state > 0 ? 0 : -1;
}

/* @s's patch as one number; 0, or -1 if it has none or is unreadable. */
static int side_patch(struct build *b, struct side *s, const char *hex)
{
	struct cbp_oid oid;

	if (!s->patch_state)
		s->patch_state = !cbp_oid_fromhex(&oid, hex) &&
				 !cbp_git_change_content(b->repo, &oid,
							 &s->patch) ? 1 : -1;
	return s->patch_state > 0 ? 0 : -1;
}

/*
 * Does commit @yhex make the change of commit @xhex again?  The patch
 * hashes each file with its path, so two commits touching other paths
 * have other patches: those are told from the trees alone, and a commit
 * of the same subject doing other work (NetworkManager's second "all:
 * goodbye libnm-glib", 75,000 lines removed) is never diffed.
 */
static int same_change(struct build *b, struct side *x, const char *xhex,
		       struct side *y, const char *yhex)
{
	size_t common;

	if (side_paths(b, x, xhex) || side_paths(b, y, yhex))
		return 0;
	common = cbp_git_change_common(&x->ch, &y->ch, NULL);
	if (common != x->ch.nr_paths || common != y->ch.nr_paths)
		return 0;
	if (side_patch(b, x, xhex) || side_patch(b, y, yhex))
		return 0;
	return x->patch == y->patch;
}

/**
 * build_link_reapplies() - link the changes mainline made again after
 *	their revert
 * @b: the build, after the mainline order was written and the copies
 *     found
 *
 * Runs when the history or the found links changed: a cold build, new
 * commits, or the found links dropped (build_unlink_copies()).
 *
 * Return: 0, or -1 with the error recorded.
 */
int build_link_reapplies(struct build *b)
{
	struct cbp_store_reapply *c;
	struct side x = { 0 }, y = { 0 };
	long long done = -1, of = -1;
	size_t nr, i;
	int err = 0;

	if (!b->cold && !b->read && !b->refind)
		return 0;
	if (cbp_store_reapply_candidates(b->w, build_mainline_bit(b), &c, &nr))
		return -1;
	for (i = 0; i < nr && !err; i++) {
		/* The first that makes the change again undoes the revert. */
		if (c[i].revert == done)
			continue;
		/* The candidates of a revert come together: its change once. */
		if (c[i].revert != of) {
			side_release(&x);
			of = c[i].revert;
		}
		side_release(&y);
		if (!same_change(b, &x, c[i].change_hex, &y, c[i].again_hex))
			continue;
		err = cbp_store_add_reapply(b->w, c[i].again, c[i].revert_hex,
					    c[i].revert);
		done = c[i].revert;
	}
	side_release(&x);
	side_release(&y);
	free(c);
	return err;
}
