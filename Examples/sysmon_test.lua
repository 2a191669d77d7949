local t = require("theolua.test")

-- /proc as the test's readings: CPU ticks busy and idle, half the memory in use, and
-- bytes received and sent on eth0.
local function proc(busy, idle, rx, tx)
  return {
    ["stat"] = ("cpu  %d 0 0 %d 0 0 0 0 0 0\ncpu0 %d 0 0 %d 0 0 0 0 0 0\ncpu1 %d 0 0 %d 0 0 0 0 0 0\n")
      :format(busy * 2, idle * 2, busy + busy // 2, idle + idle // 2, busy // 2, idle // 2 + busy // 2),
    ["meminfo"] = "MemTotal:        8000000 kB\nMemFree:          1000000 kB\nMemAvailable:     4000000 kB\n",
    ["loadavg"] = "0.50 0.40 0.30 1/200 4242\n",
    ["net/dev"] = "Inter-|   Receive\n face |bytes\n    lo: 100 0 0 0 0 0 0 0 100 0 0 0 0 0 0 0\n"
      .. ("  eth0: %d 0 0 0 0 0 0 0 %d 0 0 0 0 0 0 0\n"):format(rx, tx),
  }
end

local function mounted(size)
  local dir = t.scratch(proc(1000, 1000, 10000, 500))
  local app = t.mount("sysmon.lua", { size = size or "80x20", props = { proc = dir.path }, allow = { read = { dir.path } } })
  -- A second later: half the new ticks busy, 2 kB in and 500 bytes out.
  for name, text in pairs(proc(1100, 1100, 12048, 1000)) do dir:write(name, text) end
  app:advance(1)
  return app, dir
end

t.test("the overview shows cpu, memory, load and network from /proc", function()
  local app = mounted()
  local screen = app:screen()
  t.expect(screen):toContain("load 0.50 0.40 0.30 · 2 cores")
  t.expect(screen):toContain("cpu 50%")
  t.expect(screen):toContain("memory 3.8 GiB of 7.6 GiB")
  t.expect(screen):toContain("eth0")
  t.expect(screen):toContain("2.0 kB/s")
  t.expect(screen):toContain("c cores")
  t.expect(app:find("Sysmon").state.cpu):toEqual({ 0, 50 })
end)

t.test("c opens the cores and esc comes back", function()
  local app = mounted()
  app:press("c")
  t.expect(app:screen()):toContain("cpu0")
  t.expect(app:screen()):toContain(" 50%")
  t.expect(app:screen()):toContain("esc back")
  app:press("esc")
  t.expect(app:screen()):toContain("load 0.50")
end)

t.test("m and n open memory and network", function()
  local app = mounted()
  app:press("m")
  t.expect(app:screen()):toContain("50% used")
  t.expect(app:screen()):toContain("MemAvailable")
  app:press("esc", "n")
  t.expect(app:screen()):toContain("  out")
  t.expect(app:screen()):toContain("500 B/s")
end)

t.test("without the read grant it says which flag it needs", function()
  local app = t.mount("sysmon.lua", { size = "80x4" })
  t.expect(app:screen()):toContain("run with --allow-read=/proc")
end)
