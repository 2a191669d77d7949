// TheoluaRuntime joins the core's reconciler to the canvas, the terminal and the Lua
// bridge: the public API that hosts, and the theolua command, use.
