-- A git dashboard: the branch, the changed files and the history of a repository,
-- refreshed when git changes something in it (a watch on the repository and its .git
-- folder) or when you press r. Tab moves between the two lists.
--
--   theolua run Examples/git.lua --allow-run=git --allow-read=.
--   theolua run Examples/git.lua --allow-run=git --allow-read=$HOME/src/app --props "{\"repo\":\"$HOME/src/app\"}"
--
-- The repository is the one holding the repo prop's folder: by default the app's own
-- folder, since paths in scripts are relative to it.
--
-- It runs git without a shell (ui.spawn) and never blocks the screen: the lists fill
-- in as git prints. Running needs --allow-run=git; watching needs --allow-read.
local ui = require("theolua")

local kinds = {
  M = { "modified", "yellow" }, A = { "added", "green" }, D = { "deleted", "red" },
  R = { "renamed", "cyan" }, C = { "copied", "cyan" }, U = { "conflict", "red" },
  ["?"] = { "untracked", "gray" },
}

-- One line of `git status --porcelain=v1`: two status letters, a space, the path.
local function change(line)
  local code, path = line:sub(1, 2), line:sub(4)
  local letter = code:gsub(" ", ""):sub(1, 1)
  local kind = kinds[letter] or { code, nil }
  return { path = path, kind = kind[1], color = kind[2], staged = code:sub(1, 1) ~= " " and letter ~= "?" }
end

-- Runs git in the repository; calls `done(lines, code)` once it has exited.
local function git(repo, args, done)
  local lines = {}
  local full = { "-C", repo, "--no-optional-locks" }  -- status must not write the index we watch
  for _, arg in ipairs(args) do full[#full + 1] = arg end
  ui.spawn("git", full, {
    onStdout = function(line) lines[#lines + 1] = line end,
    onExit = function(code) done(lines, code) end,
  })
end

local function refresh(ctl)
  local root = ctl.root
  git(root, { "status", "--porcelain=v1", "--branch" }, function(lines, code)
    local branch, changes = "?", {}
    for _, line in ipairs(lines) do
      if line:sub(1, 3) == "## " then branch = line:sub(4) else changes[#changes + 1] = change(line) end
    end
    ctl:updateState(function(s)
      return { branch = code == 0 and branch or "not a git repository", changes = changes, log = s.log }
    end)
  end)
  git(root, { "log", "--oneline", "--decorate=short", "-n", "1000" }, function(lines)
    ctl:updateState(function(s) return { branch = s.branch, changes = s.changes, log = lines } end)
  end)
end

-- Finds the repository's top folder, then shows it and watches it and its .git folder
-- (paths in scripts are relative to the app's folder, so "." is where git.lua is).
local function start(ctl)
  git(ctl.props.repo, { "rev-parse", "--show-toplevel" }, function(lines, code)
    if code ~= 0 or not lines[1] then
      ctl:updateState(function(s) return { branch = "not a git repository", changes = {}, log = {} } end)
      return
    end
    ctl.root = lines[1]
    refresh(ctl)
    -- Watches belong to the controller: they stop when the dashboard unmounts.
    local function changed() refresh(ctl) end
    ui.watch(ctl.root, changed)
    ui.watch(ctl.root .. "/.git", changed)
  end)
end

return ui.component("GitDashboard", {
  props = { repo = { "string", default = "." } },
  initialState = function() return { branch = "…", changes = {}, log = {} } end,
  render = function(self)
    local s = self.state
    local changes, log = s.changes, s.log
    return ui.column { height = "100%", onKey = self:handler("key"),
      ui.row { gap = 1,
        ui.text { "⎇", color = "magenta" },
        ui.text { s.branch, bold = true, grow = 1, wrap = "ellipsis" },
        ui.text { #changes == 0 and "clean" or (#changes .. " changed"), color = #changes == 0 and "green" or "yellow" },
      },
      ui.table { count = #changes, height = math.min(#changes, 8) + 3, border = "single", borderColor = "gray", title = "changes",
        columns = {
          { title = "status", width = 10 },
          { title = "staged", width = 7 },
          { title = "path", grow = 1 },
        },
        cell = function(row, column)
          local c = changes[row]
          if column == 1 then return ui.text { c.kind, color = c.color } end
          if column == 2 then return c.staged and "yes" or "" end
          return c.path
        end,
      },
      ui.list { count = #log, itemHeight = 1, height = 0, grow = 1, border = "single", borderColor = "gray", title = "history",
        render = function(i)
          local hash, subject = log[i]:match("^(%S+) (.*)$")
          return ui.row { key = i, gap = 1,
            ui.text { hash or "", color = "yellow", shrink = 0 },
            ui.text { subject or log[i], wrap = "ellipsis", grow = 1 },
          }
        end,
      },
      ui.text { "r refreshes · tab moves between the lists · ctrl+c quits", dim = true },
    }
  end,
  controller = {
    init = function(ctl) start(ctl) end,
    actions = {
      key = function(ctl, event)
        if event.name ~= "r" or not ctl.root then return false end
        refresh(ctl)
        return true
      end,
    },
  },
})
