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
 * patch (the same subject, other work) is none.
 */
#include <stdlib.h>

#include "build-priv.h"
#include "base/output.h"
#include "base/util.h"

/* A commit's patch as one number; 0 with *ok clear if it has none. */
static unsigned long long patch_of(struct build *b, const char *hex, int *ok)
{
	unsigned long long h = 0;
	struct cbp_oid oid;

	*ok = !cbp_oid_fromhex(&oid, hex) &&
	      !cbp_git_change_content(b->repo, &oid, &h);
	return h;
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
	long long done = -1, of = -1;
	unsigned long long x = 0, y;
	int x_ok = 0, y_ok;
	size_t nr, i;
	int err = 0;

	if (!b->cold && !b->read && !b->refind)
		return 0;
	if (cbp_store_reapply_candidates(b->w, &c, &nr))
		return -1;
	for (i = 0; i < nr && !err; i++) {
		/* The first that makes the change again undoes the revert. */
		if (c[i].revert == done)
			continue;
		/* The candidates of a revert come together: its change once. */
		if (c[i].revert != of) {
			x = patch_of(b, c[i].change_hex, &x_ok);
			of = c[i].revert;
		}
		y = patch_of(b, c[i].again_hex, &y_ok);
		if (!x_ok || !y_ok || x != y)
			continue;
		err = cbp_store_add_reapply(b->w, c[i].again, c[i].revert_hex,
					    c[i].revert);
		done = c[i].revert;
	}
	free(c);
	return err;
}
