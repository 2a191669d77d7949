#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading, changing and writing termios settings.
enum RawMode {
    /// The current settings of the terminal on `descriptor`.
    static func settings(of descriptor: Int32) throws(TerminalError) -> termios {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            let code = errno
            throw code == ENOTTY
                ? .notATerminal(descriptor: descriptor) : .system(call: "tcgetattr", code: code)
        }
        return settings
    }

    /// Applies `settings` once output written so far has drained.
    static func apply(_ settings: termios, to descriptor: Int32) throws(TerminalError) {
        var settings = settings
        while tcsetattr(descriptor, TCSADRAIN, &settings) != 0 {
            guard errno == EINTR else { throw .system(call: "tcsetattr", code: errno) }
        }
    }

    /// `settings` changed to raw mode, as `cfmakeraw` does: bytes arrive one by one as
    /// typed, with no echo, no line editing, no signals from ctrl+c/ctrl+z/ctrl+\, no
    /// flow control, and no CR/LF translation on input or output.
    static func raw(from settings: termios) -> termios {
        var raw = settings
        cfmakeraw(&raw)
        return raw
    }
}
