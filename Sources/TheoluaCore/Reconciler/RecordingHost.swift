/// A host that records every operation as a line of text, for tests that assert the
/// exact, minimal list of host operations ("insert text#c into box before text#a").
public final class RecordingHost: HostRenderer {
    /// The operations recorded since the last ``take()``.
    public private(set) var operations: [String] = []
    /// How many commits were signalled.
    public private(set) var commits = 0

    /// An empty recording.
    public init() {}

    /// Returns the operations recorded so far and starts a new recording.
    public func take() -> [String] {
        defer { operations.removeAll() }
        return operations
    }

    public func insert(_ node: HostNode, into parent: HostNode?, before sibling: HostNode?) {
        operations.append("insert \(node) into \(Self.name(parent))" + Self.position(sibling))
    }

    public func move(_ node: HostNode, in parent: HostNode?, before sibling: HostNode?) {
        operations.append("move \(node) in \(Self.name(parent))" + Self.position(sibling))
    }

    public func update(_ node: HostNode, from oldProps: Record) {
        operations.append("update \(node)")
    }

    public func remove(_ node: HostNode, from parent: HostNode?) {
        operations.append("remove \(node) from \(Self.name(parent))")
    }

    public func commit() {
        commits += 1
    }

    private static func name(_ node: HostNode?) -> String {
        node.map(\.description) ?? "root"
    }

    private static func position(_ sibling: HostNode?) -> String {
        sibling.map { " before \($0)" } ?? ""
    }
}

/// A host that ignores every operation: for benchmarks and for running components
/// without any output.
public final class NullHost: HostRenderer {
    /// A host that does nothing.
    public init() {}
    public func insert(_ node: HostNode, into parent: HostNode?, before sibling: HostNode?) {}
    public func move(_ node: HostNode, in parent: HostNode?, before sibling: HostNode?) {}
    public func update(_ node: HostNode, from oldProps: Record) {}
    public func remove(_ node: HostNode, from parent: HostNode?) {}
}
