-- attack: closing a coroutine suspended inside xpcall, whose __close handler leaves a looping function where Lua keeps the stale message handler (Lua up to 5.4.7)
-- run: render --max-instructions 100000
-- status: 0
-- stdout: ^closed: false cannot close a coroutine\nsuspended inside xpcall
local ui = require("theolua")
local SECONDS = math.huge
local function h(m)
  local t0 = os.clock()
  while os.clock() - t0 < SECONDS do end
  return m
end
local co = coroutine.create(function()
  local clo <close> = setmetatable({}, { __close = function()
    local a1, a2, a3, a4, a5, a6, a7, a8, a9, a10 = h, h, h, h, h, h, h, h, h, h
    local b1, b2, b3, b4, b5, b6, b7, b8, b9, b10 = h, h, h, h, h, h, h, h, h, h
    while true do end        -- spend the budget
  end })
  xpcall(coroutine.yield, function(m) return m end)
end)
coroutine.resume(co)
local ok, message = coroutine.close(co)
return ui.text("closed: " .. tostring(ok) .. " " .. tostring(message))
