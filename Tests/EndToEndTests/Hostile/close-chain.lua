-- attack: twenty thousand chained coroutine.close calls
-- status: 0
-- stdout: ^x
local ui = require("theolua")
local co = coroutine.create(function() end)
for i = 1, 20000 do
  local inner = co
  co = coroutine.create(function()
    local x <close> = setmetatable({}, { __close = function() coroutine.close(inner) end })
    coroutine.yield()
  end)
  coroutine.resume(co)
end
print(coroutine.close(co))
return ui.text "x"
