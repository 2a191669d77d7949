-- attack: a looping __close handler
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
do
  local x <close> = setmetatable({}, { __close = function() while true do end end })
end
return ui.text "x"
