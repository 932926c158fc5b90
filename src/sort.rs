//! One stable sort for the crate's vectors. The standard library's sort is compiled once per
//! element type and comparison (a few kilobytes each, a dozen of them in the module); here it is
//! compiled once, on indices compared through a `dyn` closure, and each element type only adds
//! the few lines that apply the order found. A stable sort's result is fixed by its comparison,
//! so each caller gets what `slice::sort_by` (or, on elements that are equal only when they are
//! the same, `slice::sort_unstable`) gave it.

use crate::gather::Gather;
use std::cmp::Ordering;

/// Sorts the indices `idx` stably by `cmp`: the crate's one instance of the standard sort.
#[inline(never)]
pub fn indices(idx: &mut [usize], cmp: &mut dyn FnMut(usize, usize) -> Ordering) {
    idx.sort_by(|&a, &b| cmp(a, b));
}

/// The stable order of `n` items by `cmp` (of their indices): position `k` of the sorted items
/// holds the item at index `order[k]`.
#[inline(never)]
fn order(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..n).gather();
    indices(&mut idx, cmp);
    idx
}

/// Puts the items in `order` by swaps, `swap(a, b)` exchanging items `a` and `b`: each cycle of
/// the permutation is followed once (a visited index is set to itself).
#[inline(never)]
fn apply(order: &mut [usize], swap: &mut dyn FnMut(usize, usize)) {
    for start in 0..order.len() {
        let mut k = start;
        while let Some(slot) = order.get_mut(k) {
            let from = *slot;
            *slot = k;
            if from == k || from == start {
                break;
            }
            swap(k, from);
            k = from;
        }
    }
}

/// `v.sort_by(cmp)`: stable.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let mut order = order(v.len(), &mut |a, b| match (v.get(a), v.get(b)) {
        (Some(x), Some(y)) => cmp(x, y),
        _ => Ordering::Equal,
    });
    apply(&mut order, &mut |a, b| v.swap(a, b));
}

/// `v.sort()`: stable; the same as `v.sort_unstable()` where equal items are alike.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

#[cfg(test)]
mod tests {
    use super::*;

    // (proptest is a native dev-dependency only.)
    #[cfg(not(target_arch = "wasm32"))]
    mod props {
        use super::super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn sorts_as_the_standard_library_does(v in proptest::collection::vec((0u8..6, any::<u16>()), 0..200)) {
                // By the first field only: equal keys keep their order, as a stable sort keeps them.
                let mut want = v.clone();
                want.sort_by_key(|a| a.0);
                let mut got = v.clone();
                sort_by(&mut got, |a, b| a.0.cmp(&b.0));
                prop_assert_eq!(&got, &want);
                let mut want = v.clone();
                want.sort_unstable();
                let mut got = v;
                sort(&mut got);
                prop_assert_eq!(got, want);
            }
        }
    }

    #[test]
    fn sorts_strings_and_indices() {
        let mut s = vec!["b".to_string(), "a".into(), "c".into(), "a".into()];
        sort(&mut s);
        assert_eq!(s, ["a", "a", "b", "c"]);
        let keys = [3, 1, 2, 1];
        let mut idx = vec![0, 1, 2, 3];
        indices(&mut idx, &mut |a, b| keys[a].cmp(&keys[b]));
        assert_eq!(idx, [1, 3, 2, 0]);
    }
}
