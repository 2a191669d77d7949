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
    /// shell continues it; returns once continued.
    static func stopProcess() {
        signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
    }
}
