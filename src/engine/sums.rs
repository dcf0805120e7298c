//! Sums of numbers that come from files (R2.8's defence in depth): initiative + strategic
//! ability (R3.1), 2d6 + ML + modifiers (R9.1, R10.2), attack throw + effective AC (R5.1,
//! R5.3). The loaders keep every such number in R2.8's ranges, where no sum comes near
//! `i32`'s limits; a value that slips past them (a setup built by hand) saturates at the
//! limit instead of panicking or wrapping round to its opposite, so no battle can crash.

/// The sum of `values`, saturating at `i32::MIN` and `i32::MAX` (R2.8).
pub fn saturating_sum(values: impl IntoIterator<Item = i32>) -> i32 {
    values.into_iter().fold(0, i32::saturating_add)
}

/// A die's face plus a modifier, saturating (R3.1, R5.1, R9.1); a face beyond `i32::MAX`
/// counts as `i32::MAX`.
pub fn face_plus(face: u32, modifier: i32) -> i32 {
    i32::try_from(face)
        .unwrap_or(i32::MAX)
        .saturating_add(modifier)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r2_8_sums_of_file_values_saturate_instead_of_wrapping() {
        assert_eq!(saturating_sum([i32::MAX, 1, 5]), i32::MAX);
        assert_eq!(saturating_sum([i32::MIN, -2]), i32::MIN);
        assert_eq!(saturating_sum([i32::MAX, i32::MIN]), -1);
        assert_eq!(saturating_sum([]), 0);
        assert_eq!(face_plus(6, i32::MAX), i32::MAX);
        assert_eq!(face_plus(1, i32::MIN), i32::MIN + 1);
        assert_eq!(face_plus(u32::MAX, 0), i32::MAX);
    }
}
