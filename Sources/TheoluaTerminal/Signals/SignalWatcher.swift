#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns signals into bytes on a self-pipe that an event loop can poll alongside the
/// terminal, so that nothing but an async-signal-safe `write` runs inside a handler.
///
/// Only one watcher can be active in a process at a time (signals are process-wide).
/// It is active from ``start(reportsTermination:)`` until ``stop()`` (or deinit).
public final class SignalWatcher {
    /// The read end of the self-pipe: poll it for `POLLIN`, then call ``drain()``.
    public let descriptor: Int32
    private let wakeDescriptor: Int32
    private var attached: Bool

    private init(descriptor: Int32, wakeDescriptor: Int32, attached: Bool) {
        self.descriptor = descriptor
        self.wakeDescriptor = wakeDescriptor
        self.attached = attached
    }

    /// Starts reporting SIGWINCH, SIGCONT, and, when `reportsTermination` is true, the
    /// first SIGINT/SIGTERM/SIGHUP (a second one ends the process at once, after
    /// restoring the terminal).
    ///
    /// With `reportsTermination` false, termination signals restore the terminal and
    /// end the process immediately.
    ///
    /// - Throws: ``TerminalError/signalWatcherAlreadyActive`` if another watcher is.
    public static func start(reportsTermination: Bool = true) throws(TerminalError) -> SignalWatcher {
        let ends = try POSIX.makePipe()
        do {
            try SignalHub.attachWatcher(wakeDescriptor: ends.write, reportsTermination: reportsTermination)
        } catch {
            close(ends.read)
            close(ends.write)
            throw error
        }
        return SignalWatcher(descriptor: ends.read, wakeDescriptor: ends.write, attached: true)
    }

    /// A watcher that no real signal reaches, fed by ``simulate(_:)``: lets tests and
    /// the in-memory terminal drive the same code paths without raising signals.
    package static func detached() throws(TerminalError) -> SignalWatcher {
        let ends = try POSIX.makePipe()
        return SignalWatcher(descriptor: ends.read, wakeDescriptor: ends.write, attached: false)
    }

    /// Reports `signal` as if it had been received.
    package func simulate(_ signal: TerminalSignal) {
        var byte = UInt8(truncatingIfNeeded: signal.signalNumber)
        _ = write(wakeDescriptor, &byte, 1)
    }

    /// Reads every signal reported so far, oldest first; repeated resizes are
    /// reported once.
    public func drain() -> [TerminalSignal] {
        var signals: [TerminalSignal] = []
        while let bytes = try? POSIX.readAvailable(descriptor, limit: 256), !bytes.isEmpty {
            for byte in bytes {
                guard let signal = TerminalSignal(signalNumber: Int32(byte)) else { continue }
                if signal == .resize && signals.contains(.resize) { continue }
                signals.append(signal)
            }
        }
        return signals
    }

    /// Stops reporting and puts back the previous signal actions (unless a terminal
    /// is still in interactive mode and needs them). Idempotent.
    public func stop() {
        guard attached else { return }
        attached = false
        SignalHub.detachWatcher()
    }

    deinit {
        stop()
        close(descriptor)
        close(wakeDescriptor)
    }
}
