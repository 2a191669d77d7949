-- A system monitor over /proc: CPU and memory charts, load and network sparklines on an
-- overview, and a screen of details for each (ui.screens: c, m and n open them, esc
-- comes back). It reads /proc once a second with ui.readFile, so it needs
-- --allow-read=/proc; the `proc` prop points it at another folder (its test uses
-- scratch files).
local ui = require("theolua")

local history = 60

-- The readings of /proc's files, as plain tables.
local function cpuTimes(text)
  local times = { cores = {} }
  for line in text:gmatch("[^\n]+") do
    local name, rest = line:match("^(cpu%d*)%s+(.*)$")
    if name then
      local fields = {}
      for number in rest:gmatch("%d+") do fields[#fields + 1] = tonumber(number) end
      local all = 0
      for i = 1, math.min(#fields, 8) do all = all + fields[i] end
      local idle = (fields[4] or 0) + (fields[5] or 0)
      local entry = { busy = all - idle, all = all }
      if name == "cpu" then times.total = entry else times.cores[#times.cores + 1] = entry end
    end
  end
  return times
end

local function memInfo(text)
  local info, order = {}, {}
  for key, value in text:gmatch("([%w_%(%)]+):%s+(%d+)") do
    info[key] = tonumber(value)
    order[#order + 1] = key
  end
  return info, order
end

local function netDevices(text)
  local devices = {}
  for line in text:gmatch("[^\n]+") do
    local name, rest = line:match("^%s*([%w%.%-_]+):%s*(.*)$")
    if name and name ~= "lo" then
      local fields = {}
      for number in rest:gmatch("%d+") do fields[#fields + 1] = tonumber(number) end
      devices[#devices + 1] = { name = name, rx = fields[1] or 0, tx = fields[9] or 0 }
    end
  end
  return devices
end

-- The percentage busy between two readings of a CPU.
local function busy(before, now)
  if not before or not now or now.all <= before.all then return 0 end
  return math.floor((now.busy - before.busy) * 100 / (now.all - before.all) + 0.5)
end

-- `list` with `value` added at the end, keeping the last `history` values.
local function pushed(list, value)
  local copy = {}
  local first = math.max(1, #list - history + 2)
  for i = first, #list do copy[#copy + 1] = list[i] end
  copy[#copy + 1] = value
  return copy
end

local function kib(value)
  if value >= 1024 * 1024 then return ("%.1f GiB"):format(value / 1024 / 1024) end
  if value >= 1024 then return ("%.0f MiB"):format(value / 1024) end
  return ("%d KiB"):format(value)
end

local function rate(bytes)
  if bytes >= 1024 * 1024 then return ("%.1f MB/s"):format(bytes / 1024 / 1024) end
  if bytes >= 1024 then return ("%.1f kB/s"):format(bytes / 1024) end
  return ("%d B/s"):format(bytes)
end

local function last(list) return list[#list] or 0 end

-- The screens. Each gets the latest readings as `data` and moves with ui.navigation.
local Overview = ui.component("Overview", {
  props = { data = "table" },
  render = function(self)
    local data = self.props.data
    local nav = self:use(ui.navigation)
    local memory = data.memTotal > 0 and ("%s of %s"):format(kib(data.memUsed), kib(data.memTotal)) or "—"
    local network = {}
    for _, device in ipairs(data.devices) do
      network[#network + 1] = ui.row { gap = 1, key = device.name,
        ui.text { ("%-8s"):format(device.name), wrap = "none" },
        ui.sparkline { values = device.rxRates, min = 0, grow = 1 },
        ui.text { ("%11s"):format(rate(last(device.rxRates))), wrap = "none" } }
    end
    return ui.column { grow = 1, focusable = true, autoFocus = true,
      keys = { { "c", "cores" }, { "m", "memory" }, { "n", "network" } },
      onKey = function(key)
        local screens = { c = "cores", m = "memory", n = "network" }
        if screens[key.name] then nav.push(screens[key.name]) return true end
      end,
      ui.text { ("load %s · %d cores"):format(data.load, #data.cores), dim = true },
      ui.row { gap = 2, grow = 1,
        ui.box { title = ("cpu %d%%"):format(last(data.cpu)), border = "round", grow = 1,
          ui.chart { values = data.cpu, min = 0, max = 100, grow = 1, height = 6 } },
        ui.box { title = "memory " .. memory, border = "round", grow = 1,
          ui.chart { values = data.mem, min = 0, max = 100, grow = 1, height = 6 } } },
      ui.box { title = "network in", border = "round", network },
    }
  end,
})

local Cores = ui.component("Cores", {
  props = { data = "table" },
  render = function(self)
    local rows = {}
    for i, core in ipairs(self.props.data.cores) do
      rows[i] = ui.row { gap = 1, key = i,
        ui.text { ("cpu%-3d"):format(i - 1), wrap = "none" },
        ui.progress { value = last(core) / 100, width = 20 },
        ui.text { ("%3d%%"):format(last(core)), wrap = "none" },
        ui.sparkline { values = core, min = 0, max = 100, grow = 1 } }
    end
    return ui.box { title = "cores", border = "round", grow = 1, focusable = true, autoFocus = true, rows }
  end,
})

local Memory = ui.component("Memory", {
  props = { data = "table" },
  render = function(self)
    local data = self.props.data
    local rows = {}
    for i, key in ipairs(data.memOrder) do
      if i > 12 then break end
      rows[#rows + 1] = ui.row { key = key, ui.text { ("%-16s"):format(key), wrap = "none" },
        ui.text { ("%12s"):format(kib(data.memInfo[key] or 0)), wrap = "none" } }
    end
    return ui.box { title = "memory", border = "round", grow = 1, focusable = true, autoFocus = true,
      ui.sparkline { values = data.mem, min = 0, max = 100, label = ("%d%% used"):format(last(data.mem)) },
      rows }
  end,
})

local Network = ui.component("Network", {
  props = { data = "table" },
  render = function(self)
    local rows = {}
    for _, device in ipairs(self.props.data.devices) do
      rows[#rows + 1] = ui.text { device.name, bold = true, key = device.name }
      rows[#rows + 1] = ui.row { gap = 1, key = device.name .. " in",
        ui.text "  in ", ui.sparkline { values = device.rxRates, min = 0, grow = 1 },
        ui.text { ("%11s"):format(rate(last(device.rxRates))), wrap = "none" } }
      rows[#rows + 1] = ui.row { gap = 1, key = device.name .. " out",
        ui.text "  out", ui.sparkline { values = device.txRates, min = 0, grow = 1 },
        ui.text { ("%11s"):format(rate(last(device.txRates))), wrap = "none" } }
    end
    return ui.box { title = "network", border = "round", grow = 1, focusable = true, autoFocus = true, rows }
  end,
})

local screens = { overview = Overview, cores = Cores, memory = Memory, network = Network }

return ui.component("Sysmon", {
  props = { proc = { "string", default = "/proc" } },
  initialState = function()
    return { cpu = {}, mem = {}, cores = {}, devices = {}, memInfo = {}, memOrder = {}, memUsed = 0,
      memTotal = 0, load = "—", error = nil }
  end,
  controller = {
    init = function(ctl)
      local previous = {}
      local function sample()
        local proc = ctl.props.proc
        local ok, stat = pcall(ui.readFile, proc .. "/stat")
        if not ok then
          ctl:updateState(function(s)
            local copy = {}
            for k, v in pairs(s) do copy[k] = v end
            copy.error = stat
            return copy
          end)
          return
        end
        local times = cpuTimes(stat)
        local info, order = memInfo(select(2, pcall(ui.readFile, proc .. "/meminfo")) or "")
        local okLoad, loadText = pcall(ui.readFile, proc .. "/loadavg")
        local okNet, netText = pcall(ui.readFile, proc .. "/net/dev")
        local devices = okNet and netDevices(netText) or {}
        local before = previous
        previous = { times = times, devices = {} }
        for _, device in ipairs(devices) do previous.devices[device.name] = device end
        ctl:updateState(function(s)
          local total = info.MemTotal or 0
          local used = total - (info.MemAvailable or info.MemFree or 0)
          local cores = {}
          for i, core in ipairs(times.cores) do
            cores[i] = pushed(s.cores[i] or {}, busy(before.times and before.times.cores[i], core))
          end
          local shown = {}
          for i, device in ipairs(devices) do
            local old = before.devices and before.devices[device.name]
            local kept
            for _, d in ipairs(s.devices) do if d.name == device.name then kept = d end end
            shown[i] = {
              name = device.name,
              rxRates = pushed(kept and kept.rxRates or {}, old and math.max(0, device.rx - old.rx) or 0),
              txRates = pushed(kept and kept.txRates or {}, old and math.max(0, device.tx - old.tx) or 0),
            }
          end
          return {
            cpu = pushed(s.cpu, busy(before.times and before.times.total, times.total)),
            mem = pushed(s.mem, total > 0 and math.floor(used * 100 / total + 0.5) or 0),
            cores = cores, devices = shown, memInfo = info, memOrder = order, memUsed = used, memTotal = total,
            load = okLoad and (loadText:match("^(%S+ %S+ %S+)") or "—") or "—", error = nil,
          }
        end)
      end
      sample()
      ui.every(1, sample)
    end,
  },
  render = function(self)
    local state = self.state
    if state.error then
      return ui.column { ui.text { state.error, color = "red" },
        ui.text { "run with --allow-read=/proc", dim = true } }
    end
    return ui.column {
      ui.screens { initial = "overview", grow = 1,
        render = function(name) return screens[name] { data = state } end },
      ui.keyhints {},
    }
  end,
})
