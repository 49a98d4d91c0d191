//! Wall-clock time for the "seconds taken" a long run reports (natively the system clock, in
//! WASM the page's). Never part of a result that must repeat.

/// Seconds since the Unix epoch.
pub(crate) fn now_seconds() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs_f64())
            .unwrap_or(0.0)
    }
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now() / 1000.0
    }
}
