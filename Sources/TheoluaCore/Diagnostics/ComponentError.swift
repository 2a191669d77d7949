/// When, in a component's life, something went wrong.
public enum LifecyclePhase: Sendable, Equatable, CustomStringConvertible {
    /// Computing the initial state.
    case initialState
    /// Rendering.
    case render
    /// Matching rendered children to the previous generation's.
    case reconcile
    /// Creating the controller.
    case makeController
    /// The controller's `didMount`.
    case didMount
    /// The controller's `didUpdateComponent`.
    case didUpdateComponent
    /// The controller's `willUnmount`.
    case willUnmount
    /// Performing an action.
    case action(String)
    /// Applying a queued state update.
    case updateState
    /// A timer's work.
    case timer

    public var description: String {
        switch self {
        case .initialState: "initialState"
        case .render: "render"
        case .reconcile: "reconcile"
        case .makeController: "controller creation"
        case .didMount: "controller init"
        case .didUpdateComponent: "didUpdateComponent"
        case .willUnmount: "willUnmount"
        case .action(let name): "action '\(name)'"
        case .updateState: "updateState"
        case .timer: "timer"
        }
    }
}

/// An error raised by, or about, one component: it names the component, its place in
/// the tree and the phase, and carries the underlying error (a script error with file
/// and line, a duplicate key, …).
///
/// An error the core finds itself (a limit of the host, a key found twice, a list item
/// that is not an element) has no file and line of its own: a host finds the script
/// code to blame among ``enclosingComponents`` (the Lua bridge's
/// `LuaBridge.scriptError(for:)` does), unless the underlying error is a
/// ``SourceLocatedError`` that knows it.
public struct ComponentError: Error, CustomStringConvertible {
    /// The component's name.
    public let component: String
    /// The component's place in the tree, e.g. `App › List › Row#a`.
    public let path: String
    /// When it happened.
    public let phase: LifecyclePhase
    /// What went wrong.
    public let underlying: any Error
    /// The names of the components above ``component``, innermost first, up to the root:
    /// where a host looks for the nearest component whose code it knows (a built-in
    /// list or a context provider has none, the script component rendering it does).
    public let enclosingComponents: [String]

    /// An error of `component` at `path` during `phase`, inside `enclosingComponents`
    /// (innermost first).
    public init(
        component: String, path: String, phase: LifecyclePhase, underlying: any Error,
        enclosingComponents: [String] = []
    ) {
        self.component = component
        self.path = path
        self.phase = phase
        self.underlying = underlying
        self.enclosingComponents = enclosingComponents
    }

    public var description: String {
        "\(component): \(underlying) (in \(phase) of \(path))"
    }
}

/// An error about script code the core called, which knows where that code is: a
/// list's `render(i)` that returned something other than an element, say. Hosts name
/// its location and component rather than those of the component it surfaced in.
public protocol SourceLocatedError: Error {
    /// `file:line` of the code at fault, when known.
    var sourceLocation: String? { get }
    /// The component the code belongs to (the one that made the function), when known.
    var sourceComponent: String? { get }
    /// What went wrong, without the location and the component.
    var message: String { get }
}

/// Two or more siblings share a key.
public struct DuplicateKeyError: Error, CustomStringConvertible {
    /// The repeated key.
    public let key: Key
    /// The parent whose children repeat it.
    public let parent: String

    /// The error for `key`, repeated among the children of `parent`.
    public init(key: Key, parent: String) {
        self.key = key
        self.parent = parent
    }

    public var description: String {
        "Duplicate key \(key) among children of \(parent): give each child a unique key"
    }
}

/// Something worth telling the user that is not an error: an action nobody handled, an
/// update sent to a component that is gone.
public struct Warning: Sendable, Equatable, CustomStringConvertible {
    /// The message.
    public let message: String

    /// A warning saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// The tree grew deeper than ``Reconciler/maximumDepth``.
public struct TreeTooDeepError: Error, CustomStringConvertible {
    /// The limit.
    public let limit: Int

    public var description: String {
        "the tree is deeper than \(limit) levels: does a component render itself without end?"
    }
}

/// What the host keeps for one app, bounded: instances mounted at once and the text
/// their host props hold. Lua's memory cap bounds the scripts' heap, not these.
public struct HostLimits: Sendable, Equatable {
    /// The most instances (host elements and components) mounted at once.
    public var instances: Int
    /// The most bytes of string props (texts, labels, input values) mounted at once.
    public var textBytes: Int

    /// Limits of `instances` (1,000,000 by default) and `textBytes` (8 MiB).
    public init(instances: Int = 1_000_000, textBytes: Int = 8 << 20) {
        self.instances = instances
        self.textBytes = textBytes
    }

    /// Limits in proportion to a script's memory cap, so that what the host holds for
    /// the app stays of the same order as the heap it allows: one instance per 512 bytes
    /// of the cap (524,288 for the default 256 MiB) and a 32nd of it in text (8 MiB),
    /// within 10,000…4,000,000 instances and 256 KiB…64 MiB of text. Without a cap, the
    /// default limits.
    public init(scaledTo memoryBytes: Int?) {
        guard let memoryBytes else {
            self.init()
            return
        }
        self.init(
            instances: min(max(memoryBytes / 512, 10_000), 4_000_000),
            textBytes: min(max(memoryBytes / 32, 256 << 10), 64 << 20))
    }

    /// The error for going past a limit with `instances` mounted holding `textBytes`.
    func exceeded(instances: Int, textBytes: Int) -> HostLimitError? {
        if instances > self.instances { return .instances(self.instances) }
        if textBytes > self.textBytes { return .textBytes(self.textBytes) }
        return nil
    }
}

/// An app went past one of its ``HostLimits``.
public enum HostLimitError: Error, CustomStringConvertible {
    case instances(Int)
    case textBytes(Int)

    /// `bytes` for people: `8 MiB`, `256 KiB`, `1.5 MiB`, `300 bytes`.
    public static func describe(bytes: Int) -> String {
        func shown(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        if bytes >= 1 << 20 { return shown(Double(bytes) / Double(1 << 20)) + " MiB" }
        if bytes >= 1 << 10 { return shown(Double(bytes) / Double(1 << 10)) + " KiB" }
        return "\(bytes) bytes"
    }

    public var description: String {
        switch self {
        case .instances(let limit):
            "more than \(limit) elements would be mounted at once (the host's limit); show long lists a part at a time"
        case .textBytes(let limit):
            "the elements mounted would hold more than \(HostLimitError.describe(bytes: limit)) of text at once"
                + " (the host's limit); show long texts a part at a time"
        }
    }
}
