-- attack: setmetatable on state
-- status: 1
-- stderr: cannot setmetatable state: it is read-only
local ui = require("theolua")
return ui.component("C", { initialState = function() return { a = 1 } end, render = function(self) setmetatable(self.state, {}) return "x" end }) {}
