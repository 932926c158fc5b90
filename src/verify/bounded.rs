//! A map that keeps at most `CAP` entries, forgetting the oldest first: the verifier's pending
//! verifications, its verdict cache and its judge budgets, so a long-lived host cannot grow them
//! without bound.

use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::hash::Hash;

pub struct Bounded<K, V, const CAP: usize> {
    /// Values boxed: the tables of every value type share one layout, so one copy of the hash
    /// table's code per key type serves them (each layout was its own, ~1 KB raw).
    map: FxHashMap<K, Box<V>>,
    /// Insertion order; may hold keys removed since, dropped lazily.
    order: VecDeque<K>,
}

impl<K, V, const CAP: usize> Default for Bounded<K, V, CAP> {
    fn default() -> Self {
        Bounded {
            map: FxHashMap::default(),
            order: VecDeque::new(),
        }
    }
}

impl<K: Hash + Eq + Clone, V, const CAP: usize> Bounded<K, V, CAP> {
    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn get<Q>(&self, key: &Q) -> Option<&V>
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.get(key).map(|v| &**v)
    }

    pub fn get_mut<Q>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.get_mut(key).map(|v| &mut **v)
    }

    /// Inserts or replaces; a new key past `CAP` entries evicts the oldest one still present.
    pub fn insert(&mut self, key: K, value: V) {
        if let Some(slot) = self.map.get_mut(&key) {
            **slot = value;
            return;
        }
        while self.map.len() >= CAP {
            match self.order.pop_front() {
                Some(old) => {
                    self.map.remove(&old);
                }
                None => break,
            }
        }
        self.map.insert(key.clone(), Box::new(value));
        self.order.push_back(key);
    }

    pub fn remove(&mut self, key: &K) -> Option<V> {
        let out = self.map.remove(key).map(|v| *v);
        // Keys removed here stay in `order` until it is twice the live size: amortized O(1).
        if self.order.len() > 2 * self.map.len() + 16 {
            let map = &self.map;
            self.order.retain(|k| map.contains_key(k));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_entry_goes_first_and_the_order_stays_bounded() {
        let mut b: Bounded<u32, u32, 3> = Bounded::default();
        for k in 0..4 {
            b.insert(k, k * 10);
        }
        assert_eq!(b.len(), 3);
        assert!(b.get(&0).is_none());
        assert_eq!(b.get(&3), Some(&30));
        // Replacing does not evict or reorder.
        b.insert(1, 11);
        assert_eq!((b.len(), b.get(&1)), (3, Some(&11)));
        // Insert-then-remove cycles (finished verifications) do not grow the order.
        for k in 100..10_000 {
            b.insert(k, k);
            assert_eq!(b.remove(&k), Some(k));
        }
        assert!(b.order.len() <= 2 * b.len() + 17, "{}", b.order.len());
        assert_eq!(b.get(&2), Some(&20));
    }
}
