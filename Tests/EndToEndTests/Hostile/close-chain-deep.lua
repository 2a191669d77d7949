-- attack: forty nested coroutine.close calls, each nesting 180 C calls (C stack overflow on Lua 5.4.4)
-- status: 0
-- stdout: ^closed: false true
local ui = require("theolua")
local LEVELS, DEPTH = 40, 180
local function nest(n, f)
  if n == 0 then f() return "" end
  return string.format("%s", setmetatable({}, { __tostring = function() return nest(n - 1, f) end }))
end
local coro = false
for i = 1, LEVELS do
  local previous = coro
  coro = coroutine.create(function()
    local cc <close> = setmetatable({}, { __close = function()
      if previous then nest(DEPTH, function() assert(coroutine.close(previous)) end) end
    end })
    coroutine.yield()
  end)
  coroutine.resume(coro)
end
local ok, msg = coroutine.close(coro)
return ui.text("closed: " .. tostring(ok) .. " " .. tostring(msg:find("C stack overflow", 1, true) ~= nil))
