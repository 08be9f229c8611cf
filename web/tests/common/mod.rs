//! What the web crate's fuzz tests share.

use proptest::test_runner::Config;

/// The proptest configuration of a fuzz test: `FUZZ_CASES` cases per property (default 2,000;
/// the long run documented in README sets 100,000), no failure files.
pub fn fuzz_config() -> Config {
    Config {
        cases: std::env::var("FUZZ_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2_000),
        failure_persistence: None,
        ..Config::default()
    }
}
