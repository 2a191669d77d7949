/// Why a wait ended: input is ready, signals arrived, or the deadline passed.
/// Several can be true at once.
public struct Wakeup: Sendable, Hashable {
    /// The input descriptor is readable (bytes, or end of file).
    public var inputReady: Bool
    /// Signals reported since the last wait, oldest first.
    public var signals: [TerminalSignal]
    /// The deadline passed with nothing else to report.
    public var deadlineReached: Bool
    /// Which of the extra descriptors the caller asked to watch became readable.
    public var readyDescriptors: [Int32] = []

    /// Creates a wakeup; all parts default to "did not happen".
    public init(inputReady: Bool = false, signals: [TerminalSignal] = [], deadlineReached: Bool = false) {
        self.inputReady = inputReady
        self.signals = signals
        self.deadlineReached = deadlineReached
    }
}
