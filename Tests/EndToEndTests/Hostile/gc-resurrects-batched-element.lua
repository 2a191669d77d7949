-- attack: a finalizer that keeps an element whose batch the same collection released
-- status: 1
-- stderr: app\.lua:14: ui\.column: child '\[1\]': expected an element or a string, got userdata
local ui = require("theolua")
-- Six hundred elements fill their own batches: once the holder goes, so do they, and
-- the batches release the elements in the same collection that queues the finalizer.
local holder = setmetatable({}, { __gc = function(t) _G.saved = t.items[1] end })
holder.items = {}
for i = 1, 600 do holder.items[i] = ui.text("item " .. i) end
holder = nil
collectgarbage()
collectgarbage()
assert(type(saved) == "userdata")
return ui.column { saved }
