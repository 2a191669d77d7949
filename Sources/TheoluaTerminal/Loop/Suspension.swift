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
    /// back in place exactly (its mask and flags too, which `signal` would reset).
    static func stopProcess() {
        var stopping = sigaction()
        stopping.handler = SIG_DFL
        var previous = sigaction()
        sigaction(SIGTSTP, &stopping, &previous)
        kill(getpid(), SIGTSTP)
        sigaction(SIGTSTP, &previous, nil)
    }
}
