//! Independent runs (seeds, topologies, sweep points) on every core: rayon natively, one after
//! another in WASM (no threads in the page's worker). Results come back in input order and
//! every run gets its own inputs, so a parallel run gives exactly what a one-thread run gives.

/// `f` over `items` in chunks of `chunk`; after each chunk, `done(index, &result)` is called
/// for its results in order, on the calling thread (progress, streaming), and may return
/// `false` to stop before the next chunk. Returns the results computed.
pub fn map_chunked<T, R, F, D>(items: &[T], chunk: usize, f: F, mut done: D) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync + Send,
    D: FnMut(usize, &R) -> bool,
{
    let mut out = Vec::with_capacity(items.len());
    for (c, part) in items.chunks(chunk.max(1)).enumerate() {
        let results = map(part, &f);
        let mut go_on = true;
        for (i, r) in results.into_iter().enumerate() {
            if go_on {
                go_on = done(c * chunk.max(1) + i, &r);
                out.push(r);
            }
        }
        if !go_on {
            break;
        }
    }
    out
}

/// `map_chunked` for fallible runs: `done(index, &result)` hears each success in order; the
/// first error stops the runs and is returned (the successes before it were reported).
pub(crate) fn try_map_chunked<T, R, E, F, D>(
    items: &[T],
    chunk: usize,
    f: F,
    mut done: D,
) -> Result<Vec<R>, E>
where
    T: Sync,
    R: Send,
    E: Send + Clone,
    F: Fn(&T) -> Result<R, E> + Sync + Send,
    D: FnMut(usize, &R),
{
    let mut failure = None;
    let results = map_chunked(items, chunk, f, |i, r| match r {
        Ok(value) => {
            done(i, value);
            true
        }
        Err(e) => {
            failure = Some(e.clone());
            false
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(results
            .into_iter()
            .map(|r| r.ok().expect("no failure"))
            .collect()),
    }
}

/// A chunk size that keeps every core busy and reports progress often.
pub fn chunk_size() -> usize {
    4 * threads()
}

/// Threads that run at once (1 in WASM).
pub fn threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    {
        rayon::current_num_threads()
    }
    #[cfg(target_arch = "wasm32")]
    {
        1
    }
}

fn map<T: Sync, R: Send>(items: &[T], f: &(impl Fn(&T) -> R + Sync + Send)) -> Vec<R> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        items.par_iter().map(f).collect()
    }
    #[cfg(target_arch = "wasm32")]
    {
        items.iter().map(f).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_order_and_stops_when_told() {
        let items: Vec<u32> = (0..10).collect();
        let mut seen = Vec::new();
        let all = map_chunked(
            &items,
            3,
            |x| x * x,
            |i, r| {
                seen.push((i, *r));
                true
            },
        );
        assert_eq!(all, items.iter().map(|x| x * x).collect::<Vec<_>>());
        assert_eq!(seen[4], (4, 16));
        let some = map_chunked(&items, 3, |x| *x, |_, r| *r < 4);
        assert_eq!(some, vec![0, 1, 2, 3, 4]);
    }
}
