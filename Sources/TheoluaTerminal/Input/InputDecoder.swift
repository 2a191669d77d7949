/// Turns the bytes a terminal sends into key, paste and mouse events, incrementally.
///
/// Feed it whatever each `read` returned; it keeps the unfinished tail (half a UTF-8
/// character, half an escape sequence, an open paste) for the next call, so splitting
/// the input at any byte boundary yields the same events.
///
/// A lone ESC is ambiguous: it may be the esc key or the start of a sequence still in
/// flight. The decoder never guesses and never reads the clock; instead
/// ``pendingTimeout`` tells the caller how long to wait for more bytes, and when that
/// time passes without any, the caller calls ``flushTimeout()``:
///
/// ```swift
/// events += decoder.feed(bytes)
/// if let wait = decoder.pendingTimeout { escDeadline = now + wait }
/// // … later, when escDeadline passes with no new bytes:
/// events += decoder.flushTimeout()
/// ```
///
/// Unknown or malformed sequences are dropped; invalid UTF-8 becomes U+FFFD.
public struct InputDecoder: Sendable {
    /// How long an ESC (or half a sequence) may wait for the rest of its sequence.
    public var escapeTimeout: Duration
    /// How long an open bracketed paste may wait for more bytes before it is delivered
    /// as it stands, so that a terminal that never ends a paste cannot swallow every
    /// later key (ctrl+c included).
    public var pasteTimeout: Duration

    /// Bytes received but not yet decoded: an unfinished character or sequence.
    private var pending: [UInt8] = []
    /// The body of the bracketed paste being received, or nil outside a paste.
    private var pasteBody: [UInt8]?
    /// Where to resume looking for the paste's end marker, so a long paste arriving in
    /// many reads is searched once, not once per read.
    private var pasteSearchStart = 0

    /// Creates a decoder with nothing pending.
    ///
    /// - Parameters:
    ///   - escapeTimeout: see ``escapeTimeout``; 50 ms is long enough for a sequence
    ///     over ssh to arrive whole and short enough that esc feels immediate.
    ///   - pasteTimeout: see ``pasteTimeout``.
    public init(escapeTimeout: Duration = .milliseconds(50), pasteTimeout: Duration = .seconds(1)) {
        self.escapeTimeout = escapeTimeout
        self.pasteTimeout = pasteTimeout
    }

    /// Whether the terminal has answered the keyboard protocol query since the last
    /// ``takeKeyboardProtocolReply()``.
    private var keyboardProtocolReplied = false

    /// Whether the terminal answered the query `CSI ? u` (it speaks the kitty keyboard
    /// protocol) since the last call; answers are not events, so they are kept here.
    public mutating func takeKeyboardProtocolReply() -> Bool {
        defer { keyboardProtocolReplied = false }
        return keyboardProtocolReplied
    }

    /// How many cursor position queries (`CSI 6 n`) await their answer.
    private var cursorQueries = 0
    /// The answers to cursor position queries since the last ``takeCursorReports()``.
    private var cursorReports: [(row: Int, column: Int)] = []

    /// Notes that a cursor position query was written: the next `CSI row ; column R` is
    /// its answer, not F3 with modifiers.
    public mutating func expectCursorReport() {
        cursorQueries += 1
    }

    /// Whether a cursor position query awaits its answer.
    public var awaitsCursorReport: Bool { cursorQueries > 0 }

    /// The answers to cursor position queries (rows and columns from 1) since the last
    /// call.
    public mutating func takeCursorReports() -> [(row: Int, column: Int)] {
        defer { cursorReports.removeAll() }
        return cursorReports
    }

    /// Whether bytes are held back waiting for the rest of a character, sequence or paste.
    public var hasPendingInput: Bool {
        !pending.isEmpty || pasteBody != nil
    }

    /// How long after the last ``feed(_:)`` the caller should call ``flushTimeout()``
    /// if no more bytes arrive; nil when nothing is pending.
    ///
    /// Recompute the deadline after every feed: new bytes restart the wait.
    public var pendingTimeout: Duration? {
        if pasteBody != nil { return pasteTimeout }
        return pending.isEmpty ? nil : escapeTimeout
    }

    /// Decodes `bytes` after whatever was pending and returns the events completed.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        if pasteBody != nil {
            pasteBody?.append(contentsOf: bytes)
        } else {
            pending.append(contentsOf: bytes)
        }
        return decode(atTimeout: false)
    }

    /// Resolves what is pending as if no more bytes will come: a lone ESC becomes the
    /// esc key, `ESC x` alt+x, half a character U+FFFD, an open paste a paste event.
    ///
    /// Call it when ``pendingTimeout`` has passed since the last feed. Harmless when
    /// nothing is pending.
    public mutating func flushTimeout() -> [InputEvent] {
        decode(atTimeout: true)
    }

    /// Forgets everything pending, e.g. after leaving interactive mode.
    public mutating func reset() {
        pending.removeAll()
        pasteBody = nil
        cursorQueries = 0
    }

    private mutating func decode(atTimeout: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        while true {
            if pasteBody != nil {
                guard finishPaste(into: &events, atTimeout: atTimeout) else { return events }
            }
            var offset = 0
            var pasteStarted = false
            scanning: while offset < pending.count {
                let rest = pending[offset...]
                switch InputScanner.scan(rest, atTimeout: atTimeout) {
                case .incomplete:
                    break scanning
                case .token(let token, let length):
                    offset += length
                    switch token {
                    case .key(let key): events.append(.key(key))
                    case .mouse(let mouse): events.append(.mouse(mouse))
                    case .keyboardProtocolReply: keyboardProtocolReplied = true
                    case .cursorReport(let row, let column):
                        if cursorQueries > 0 {
                            cursorQueries -= 1
                            cursorReports.append((row, column))
                        } else if row == 1 {
                            events.append(.key(KeyModifiers(parameter: column).applied(to: KeyEvent(.f3))))
                        }
                    case .ignored: break
                    case .pasteStart:
                        pasteStarted = true
                        break scanning
                    }
                }
            }
            if pasteStarted {
                pasteBody = Array(pending[offset...])
                pasteSearchStart = 0
                pending.removeAll()
                continue
            }
            pending.removeFirst(offset)
            return events
        }
    }

    /// Looks for the end of the open paste; when found (or at a timeout), emits the
    /// paste, moves what followed back to `pending` and returns true.
    private mutating func finishPaste(into events: inout [InputEvent], atTimeout: Bool) -> Bool {
        guard let body = pasteBody else { return true }
        if let end = Self.find(Self.pasteEndMarker, in: body, from: pasteSearchStart) {
            events.append(.paste(Self.pasteText(body[..<end])))
            pending = Array(body[(end + Self.pasteEndMarker.count)...]) + pending
            pasteBody = nil
            return true
        }
        guard atTimeout else {
            pasteSearchStart = max(0, body.count - Self.pasteEndMarker.count + 1)
            return false
        }
        events.append(.paste(Self.pasteText(body[...])))
        pasteBody = nil
        return true
    }

    /// `ESC [ 201 ~`, which ends a bracketed paste.
    static let pasteEndMarker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from first: Int) -> Int? {
        guard haystack.count >= needle.count, first <= haystack.count - needle.count else { return nil }
        for start in first...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    /// Decodes a paste body as UTF-8 (invalid bytes become U+FFFD) with CR LF and CR
    /// turned into LF.
    static func pasteText(_ bytes: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var afterCR = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if scalar == "\n" && afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            scalars.append(afterCR ? "\n" : scalar)
        }
        return String(scalars)
    }
}
