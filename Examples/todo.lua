-- A todo list: type a title and press enter to add it; each row has a button that
-- toggles it done; the header counts what is left.
--
-- Items live in the app's state as an array of records. Rows are keyed by the item's
-- id, so a row keeps its identity (and its button keeps focus) when others come and go.
local ui = require("theolua")

-- One row: stateless, drawn from its props. The parent hands it a handler already
-- bound to the item's id, so the row never needs to know where items are kept.
local TodoItem = ui.component("TodoItem", {
  props = {
    title = "string",
    done = "boolean",
    onToggle = "function",
  },
  render = function(self)
    local done = self.props.done
    return ui.row { gap = 1,
      ui.button { done and "x" or " ", onPress = self.props.onToggle },
      ui.text { self.props.title, strike = done, dim = done, color = done and "gray" or nil, wrap = "ellipsis" },
    }
  end,
})

local Todo = ui.component("Todo", {
  props = {
    title = { "string", default = "todo" },
    -- Starting items, so the app is never empty: { "buy milk", "call Ada" }.
    items = { "array", of = "string", default = { "read PRODUCT.md", "write an example", "run the tests" } },
  },
  initialState = function(props)
    local items = {}
    for index, title in ipairs(props.items) do
      items[index] = { id = index, title = title, done = false }
    end
    return { draft = "", items = items, nextId = #items + 1 }
  end,
  render = function(self)
    local left = 0
    local rows = {}
    for _, item in ipairs(self.state.items) do
      if not item.done then left = left + 1 end
      rows[#rows + 1] = TodoItem {
        key = item.id,
        title = item.title,
        done = item.done,
        onToggle = self:handler("toggle", item.id),
      }
    end
    return ui.box { border = "round", title = self.props.title, padding = { 1, 0 },
      ui.input { border = "single", borderColor = "gray",
        value = self.state.draft,
        placeholder = "what needs doing? (enter adds)",
        onChange = self:handler("edit"),
        onSubmit = self:handler("add"),
      },
      ui.column(rows),
      ui.text { string.format("%d of %d left", left, #self.state.items), margin = { 1, 0, 0, 0 }, color = left == 0 and "green" or "yellow" },
      ui.text { "tab moves focus · enter or space toggles · ctrl+c quits", dim = true },
    }
  end,
  actions = {
    -- The input is controlled: each edit comes back here and is stored.
    edit = function(self, text)
      self:updateState(function(s) return { draft = text, items = s.items, nextId = s.nextId } end)
    end,
    add = function(self, text)
      if text:match("^%s*$") then return end
      self:updateState(function(s)
        local items = {}
        for index, item in ipairs(s.items) do items[index] = item end
        items[#items + 1] = { id = s.nextId, title = text, done = false }
        return { draft = "", items = items, nextId = s.nextId + 1 }
      end)
    end,
    toggle = function(self, id)
      self:updateState(function(s)
        local items = {}
        for index, item in ipairs(s.items) do
          items[index] = item.id == id and { id = item.id, title = item.title, done = not item.done } or item
        end
        return { draft = s.draft, items = items, nextId = s.nextId }
      end)
    end,
  },
})

return Todo
