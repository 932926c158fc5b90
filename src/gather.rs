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

/// `collect::<String>()` of chars, the loop once: std's is a loop (and a reserve) per iterator
/// type, for ~40 of them. The same text.
pub(crate) trait GatherText: Iterator<Item = char> + Sized {
    fn gather_text(mut self) -> String {
        text_from(&mut self)
    }
}

impl<I: Iterator<Item = char>> GatherText for I {}

#[inline(never)]
fn text_from(it: &mut dyn Next<char>) -> String {
    let mut out = String::new();
    while let Some(c) = it.next_item() {
        out.push(c);
    }
    out
}

/// `Vec::extend`, the loop once per item type as in [`Gather`]: std's `extend` is a loop (and
/// a reserve) per iterator type. The same items are pushed, in order.
pub(crate) trait PushAll<T> {
    fn push_all(&mut self, items: impl IntoIterator<Item = T>);
}

impl<T> PushAll<T> for Vec<T> {
    fn push_all(&mut self, items: impl IntoIterator<Item = T>) {
        push_from(self, &mut items.into_iter());
    }
}

#[inline(never)]
fn push_from<T>(out: &mut Vec<T>, it: &mut dyn Next<T>) {
    while let Some(item) = it.next_item() {
        out.push(item);
    }
}

/// `Vec::retain` with the loop compiled once per element type: std's `retain` is one function
/// per closure (a dozen on the constraints' forbidden kinds alone). The same elements are kept,
/// each visited once, in order.
pub(crate) trait Keep<T> {
    fn keep(&mut self, f: impl FnMut(&T) -> bool);
    /// `into_iter().filter(f).collect()` of a `Vec`, in place: the same elements, in order.
    fn kept(self, f: impl FnMut(&T) -> bool) -> Self;
    /// `into_iter().find(f)` of a `Vec`: the first element `f` accepts (those after it are not
    /// looked at), the loop once per element type.
    fn found(self, f: impl FnMut(&T) -> bool) -> Option<T>;
}

impl<T> Keep<T> for Vec<T> {
    fn keep(&mut self, mut f: impl FnMut(&T) -> bool) {
        keep_by(self, &mut f);
    }
    fn kept(mut self, f: impl FnMut(&T) -> bool) -> Self {
        self.keep(f);
        self
    }
    fn found(self, mut f: impl FnMut(&T) -> bool) -> Option<T> {
        find_by(self, &mut f)
    }
}

#[inline(never)]
fn find_by<T>(v: Vec<T>, f: &mut dyn FnMut(&T) -> bool) -> Option<T> {
    v.into_iter().find(|x| f(x))
}

#[inline(never)]
fn keep_by<T>(v: &mut Vec<T>, f: &mut dyn FnMut(&T) -> bool) {
    v.retain(|x| f(x));
}

/// `collect::<Option<Vec<_>>>()`, the loop once per item type: the items up to the first `None`
/// (then `None`, and nothing more is taken from the iterator).
pub(crate) trait GatherSome<T>: Iterator<Item = Option<T>> + Sized {
    fn gather_some(mut self) -> Option<Vec<T>> {
        some_from(&mut self)
    }
}

impl<T, I: Iterator<Item = Option<T>>> GatherSome<T> for I {}

#[inline(never)]
fn some_from<T>(it: &mut dyn Next<Option<T>>) -> Option<Vec<T>> {
    let mut out = Vec::new();
    while let Some(item) = it.next_item() {
        out.push(item?);
    }
    Some(out)
}

/// `collect::<Result<Vec<_>, _>>()`, the loop once per item type: the items up to the first
/// error (then that error, and nothing more is taken from the iterator).
pub(crate) trait GatherOk<T, E>: Iterator<Item = Result<T, E>> + Sized {
    fn gather_ok(mut self) -> Result<Vec<T>, E> {
        ok_from(&mut self)
    }
}

impl<T, E, I: Iterator<Item = Result<T, E>>> GatherOk<T, E> for I {}

#[inline(never)]
fn ok_from<T, E>(it: &mut dyn Next<Result<T, E>>) -> Result<Vec<T>, E> {
    let mut out = Vec::new();
    while let Some(item) = it.next_item() {
        out.push(item?);
    }
    Ok(out)
}
