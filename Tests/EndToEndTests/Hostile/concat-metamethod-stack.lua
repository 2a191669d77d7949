-- attack: a __concat metamethod that grows the Lua stack (a use after free on Lua 5.4.4 as Debian 12 ships it)
-- status: 0|1
-- stderr: ^$|app\.lua:7: attempt to concatenate a table value .*__concat metamethods are refused on this Lua library
local ui = require("theolua")
local function deep(n) if n > 0 then return deep(n - 1) + 0 end return 0 end
local t = setmetatable({}, { __concat = function() deep(1000); return "x" end })
local s = "a" .. t .. "c" .. t .. "e"
return ui.text("ok " .. s)
