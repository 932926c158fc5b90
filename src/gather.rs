//! `collect()` into a `Vec`, smaller.

/// `collect()` into a `Vec` with the item loop written once per item type: std's `from_iter`
/// inlines the iterator's `next` twice (first item, then the rest) for each of the ~270
/// iterator types the rules collect, which the size budget (issue 14) cannot afford. Each
/// iterator type gives only its `next` (through [`Next`]); the loop and the pushes are one
/// function per item type.
pub(crate) trait Gather: Iterator + Sized {
    fn gather(mut self) -> Vec<Self::Item> {
        gather_from(&mut self)
    }
}

impl<I: Iterator> Gather for I {}

/// An iterator's `next` alone: a `dyn Iterator` would carry every provided method in its table.
trait Next<T> {
    fn next_item(&mut self) -> Option<T>;
}

impl<I: Iterator> Next<I::Item> for I {
    fn next_item(&mut self) -> Option<I::Item> {
        self.next()
    }
}

// No `size_hint` reserve: most gathers are a few items, and the reserve code per iterator type
// cost more bytes than the reallocations it saves cost time.
#[inline(never)]
fn gather_from<T>(it: &mut dyn Next<T>) -> Vec<T> {
    let mut out = Vec::new();
    while let Some(item) = it.next_item() {
        out.push(item);
    }
    out
}
