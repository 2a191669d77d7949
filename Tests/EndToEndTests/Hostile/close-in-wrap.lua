-- attack: a looping __close in a coroutine.wrap closed after the budget error
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
local co = coroutine.wrap(function()
  local x <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
end)
co()
return ui.text "x"
