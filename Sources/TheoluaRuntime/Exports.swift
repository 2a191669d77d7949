// The runtime's public API speaks in the types of the modules below it (elements and
// values, script errors and limits, keys, cell buffers, permissions and capabilities), so
// a host needs only `import TheoluaRuntime`.
@_exported import TheoluaCanvas
@_exported import TheoluaCapabilities
@_exported import TheoluaCore
@_exported import TheoluaLua
@_exported import TheoluaSystem
@_exported import TheoluaTerminal
@_exported import TheoluaWidgets
