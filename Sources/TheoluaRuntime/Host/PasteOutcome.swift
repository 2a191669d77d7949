import TheoluaCore

/// What became of pasted text (``Runtime/paste(_:)``).
public enum PasteOutcome: Sendable, Equatable {
    /// The focused input or textarea inserted it, or an `onPaste` handler took it.
    case used
    /// Nothing focused wanted it.
    case unused
    /// It was more text than the app can still hold (the host's text limit, less what
    /// is mounted): nothing received it and no state changed. `message` says so, and is
    /// also reported as a warning.
    case refused(message: String)
}

extension CanvasHost {
    /// Why a paste of `text` is refused, or nil when the app can hold it: inserted once
    /// (by an input, a textarea or an `onPaste` handler that shows it), it must not
    /// take the mounted text past the host's limit. Past it, the element showing it
    /// would not mount, and the state holding it would keep failing every render after:
    /// an editor refuses such a paste instead, and so does the host, before any script
    /// sees it.
    func refusal(ofPaste text: String) -> String? {
        guard let reconciler else { return nil }
        let limit = reconciler.limits.textBytes
        let room = max(0, limit - reconciler.mountedTextBytes)
        let bytes = text.utf8.count
        guard bytes > room else { return nil }
        return "paste of \(HostLimitError.describe(bytes: bytes)) not inserted: the app holds at most"
            + " \(HostLimitError.describe(bytes: limit)) of text at once (the host's limit)"
            // The text shown is the reason only when the paste alone would fit.
            + (bytes <= limit ? ", \(HostLimitError.describe(bytes: limit - room)) of it shown now" : "")
            + "; paste less at a time"
    }
}
