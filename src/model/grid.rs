//! Coordinates on a grid of switches: n-D meshes and tori (paper 000) and the n×n floor of
//! layout-conscious topologies (paper 002). Switch `i = Σ c_d · Π_{e<d} dims[e]`, dimension 0
//! fastest (i = x + y·n). Every index ↔ coordinates conversion and every Manhattan distance
//! in Topolab goes through this type.

use serde::{Deserialize, Serialize};

/// The sides of a grid, dimension 0 first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridShape {
    dims: Vec<usize>,
}

impl GridShape {
    /// A grid with these sides.
    pub fn new(dims: Vec<usize>) -> Self {
        GridShape { dims }
    }
    /// An n×n floor.
    pub(crate) fn square(side: usize) -> Self {
        GridShape {
            dims: vec![side, side],
        }
    }
    /// The sides.
    pub fn dims(&self) -> &[usize] {
        &self.dims
    }
    /// Number of grid points.
    pub fn len(&self) -> usize {
        self.dims.iter().product()
    }
    /// True for a grid without points.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Coordinates of point `i`.
    pub(crate) fn coords(&self, i: usize) -> Vec<usize> {
        let mut c = vec![0; self.dims.len()];
        self.coords_into(i, &mut c);
        c
    }
    /// Coordinates of point `i` into `out` (no allocation, for loops over every point).
    pub(crate) fn coords_into(&self, mut i: usize, out: &mut [usize]) {
        for (d, &k) in self.dims.iter().enumerate() {
            out[d] = i % k;
            i /= k;
        }
    }
    /// Index of the point at `coords`.
    pub fn index(&self, coords: &[usize]) -> usize {
        self.dims
            .iter()
            .zip(coords)
            .rev()
            .fold(0, |acc, (&k, &c)| acc * k + c)
    }
    /// Manhattan distance between points `a` and `b` (no wrap-around).
    #[inline]
    pub(crate) fn manhattan(&self, mut a: usize, mut b: usize) -> usize {
        let mut sum = 0;
        for &k in &self.dims {
            sum += (a % k).abs_diff(b % k);
            a /= k;
            b /= k;
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip_and_distances() {
        let g = GridShape::new(vec![3, 4, 5]);
        for i in 0..g.len() {
            assert_eq!(g.index(&g.coords(i)), i);
        }
        assert_eq!(GridShape::square(4).coords(6), vec![2, 1]);
        assert_eq!(GridShape::square(4).manhattan(15, 5), 2 + 2);
        assert_eq!(g.manhattan(0, 59), 2 + 3 + 4);
    }
}
