import CLua
import TheoluaCore

/// The `theolua` module and what stands behind it: the bridge's tables in the Lua
/// registry (the module table among them), the snapshot each load restores, and what
/// hosts and capabilities added (Lua modules, Swift functions, native components).
///
/// The bridge holds it without dynamic exclusivity checks (see ``LuaBridge``): the
/// registry tables are pushed on every render and method lookup.
struct ModuleTable {
    /// The registry references of the bridge's registry tables, by `RegistryTable`.
    var registryReferences = [Int32](repeating: LUA_NOREF, count: RegistryTable.allCases.count)
    /// Registry reference of the snapshot of the state shared by every load, taken
    /// before the first (see SharedState.swift).
    var pristineReference: Int32 = LUA_NOREF
    /// Lua modules hosts offer to `require`, by name, with their source.
    var hostModules: [(name: String, source: String)] = []
    /// Swift functions offered to scripts as `ui.<namespace>.<name>`, in registration order.
    var hostFunctions: [HostFunction] = []
    /// The tables of `ui` holding host functions (`host`), in the order made: each
    /// load refills them with exactly those functions.
    var hostNamespaces: [String] = []
    /// Swift components offered to scripts, in registration order.
    var nativeComponents: [NativeComponent] = []
    /// The widgets' constructors (`ui.text`, `ui.box`, …), in registration order.
    var constructors: [RegisteredConstructor] = []
    /// What scripts may do beyond the sandbox, in the order installed (see
    /// Capabilities.swift).
    var capabilities: [any BridgeCapability] = []
}
