#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Job control: stopping the process as the shell's ctrl+z would.
enum Suspension {
    /// Sends SIGTSTP with its default action to this process, which stops until the
    /// shell continues it; returns once continued, with the previous SIGTSTP action
    /// back in place.
    static func stopProcess() {
        let previous = signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
        signal(SIGTSTP, previous)
    }
}
