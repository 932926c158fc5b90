//! `collect()` into a `Vec`, smaller.

/// `collect()` into a `Vec` with the item loop written once: std's `from_iter` inlines the
/// iterator's `next` twice (first item, then the rest) for each of the ~270 iterator types the
/// rules collect, which the size budget (issue 14) cannot afford.
pub(crate) trait Gather: Iterator + Sized {
    fn gather(self) -> Vec<Self::Item> {
        // No `size_hint` reserve: most gathers are a few items, and the reserve code per
        // iterator type cost more bytes than the reallocations it saves cost time.
        let mut out = Vec::new();
        for item in self {
            out.push(item);
        }
        out
    }
}

impl<I: Iterator> Gather for I {}
