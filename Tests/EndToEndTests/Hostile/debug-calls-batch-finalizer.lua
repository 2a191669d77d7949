-- attack: calling an element batch's finalizer by hand, twice, through the debug library
-- run: render --allow-io
-- status: 1
-- stderr: app\.lua:11: ui\.column: child '\[1\]': expected an element or a string, got userdata
local ui = require("theolua")
local e = ui.text "kept"
local batch = rawget(debug.getmetatable(e), 1)
local finalizer = debug.getmetatable(batch).__gc
finalizer(batch)
finalizer(batch)
return ui.column { e }
