import Testing

extension Tag {
    /// A suite that runs real programs (editors, servers, a browser, git, make) or long scripted runs: the whole
    /// suite runs them all; `make test-fast` (Tests/fast.sh) skips these, for a check in about a minute.
    @Tag static var slow: Self
}
