#include "JsonStream.h"

#include <cstring>
#include <istream>
#include <set>
#include <streambuf>
#include <utility>
#include <vector>

namespace cds::json {

/// The text as a stream buffer: nlohmann reads it through sbumpc, and the offset read so far
/// stays visible here (an iterator range would hide it inside the parser).
class StreamReader::Buffer : public std::streambuf {
public:
    explicit Buffer(std::string_view text) {
        // Only ever read: the get area needs a char*.
        char* begin = const_cast<char*>(text.data());
        setg(begin, begin, begin + text.size());
    }
    std::size_t offset() const { return std::size_t(gptr() - eback()); }
    const char* next() const { return gptr(); }
    const char* last() const { return egptr(); }
    /// Moves past text scanned here rather than by the parser.
    void skipTo(const char* p) { gbump(int(p - gptr())); }
};

bool StreamSink::row(const std::string&, std::size_t, const std::int64_t*, std::size_t) {
    return false;
}

namespace {

/// A row with more cells is left to the parser.
constexpr std::size_t kMaxRowCells = 32;

bool isSpace(char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t'; // JSON's whitespace, no other
}

const char* skipSpace(const char* p, const char* end) {
    while (p < end && isSpace(*p))
        ++p;
    return p;
}

/// ", [c, c, ...]" at @p p: a comma and a row of cells, each an unsigned integer below 10^18
/// as JSON writes one (no sign, fraction, exponent or leading zero) or null, with JSON's
/// whitespace around each. Returns the end of the row, or nullptr when the text at @p p is
/// anything else (the parser reads it then, and refuses it or hands it over whole).
const char* scanRow(const char* p, const char* end, std::vector<std::int64_t>& cells) {
    p = skipSpace(p, end);
    if (p == end || *p != ',')
        return nullptr;
    p = skipSpace(p + 1, end);
    if (p == end || *p != '[')
        return nullptr;
    cells.clear();
    p = skipSpace(p + 1, end);
    if (p < end && *p == ']')
        return p + 1;
    for (;;) {
        if (p == end)
            return nullptr;
        if (*p >= '0' && *p <= '9') {
            const char* start = p;
            std::int64_t v = 0;
            for (; p < end && *p >= '0' && *p <= '9'; ++p) {
                if (p - start == 18)
                    return nullptr;
                v = v * 10 + (*p - '0');
            }
            if (*start == '0' && p - start > 1)
                return nullptr; // a leading zero: not JSON
            cells.push_back(v);
        } else if (end - p >= 4 && std::memcmp(p, "null", 4) == 0) {
            cells.push_back(kNullCell);
            p += 4;
        } else {
            return nullptr;
        }
        if (cells.size() > kMaxRowCells)
            return nullptr;
        p = skipSpace(p, end);
        if (p == end)
            return nullptr;
        if (*p == ']')
            return p + 1;
        if (*p != ',')
            return nullptr; // a fraction, an exponent, a word run on
        p = skipSpace(p + 1, end);
    }
}

/// Builds one value from SAX events, as nlohmann's DOM parser does, but refuses a key named
/// twice in an object (the DOM parser keeps the last one silently).
class Builder {
public:
    bool active() const { return m_active; }
    int depth() const { return int(m_stack.size()); }
    Json& result() { return m_root; }

    /// Starts a value; an array root reuses the previous root's storage (link rows).
    void begin() {
        m_active = true;
        m_member = nullptr;
    }
    /// Adds a scalar; true when it completed the value.
    bool scalar(Json&& v) {
        place(std::move(v));
        return m_stack.empty();
    }
    void startObject() { m_stack.push_back(place(Json::object())); }
    void startArray() {
        if (m_stack.empty() && m_root.is_array()) {
            m_root.get_ref<Json::array_t&>().clear(); // keeps its capacity for the next row
            m_stack.push_back(&m_root);
            return;
        }
        m_stack.push_back(place(Json::array()));
    }
    /// False for a key the object already has.
    bool key(std::string& k) {
        auto& obj = m_stack.back()->get_ref<Json::object_t&>();
        auto [it, inserted] = obj.emplace(std::move(k), nullptr);
        m_member = &it->second;
        return inserted;
    }
    /// Closes the innermost object or array; true when it completed the value.
    bool end() {
        m_stack.pop_back();
        return m_stack.empty();
    }
    void finish() { m_active = false; }

private:
    Json* place(Json&& v) {
        if (m_stack.empty()) {
            m_root = std::move(v);
            return &m_root;
        }
        Json& top = *m_stack.back();
        if (top.is_array()) {
            auto& a = top.get_ref<Json::array_t&>();
            a.push_back(std::move(v));
            return &a.back();
        }
        *m_member = std::move(v);
        return m_member;
    }

    Json m_root;
    std::vector<Json*> m_stack;
    Json* m_member = nullptr;
    bool m_active = false;
};

/// An object or array the sink reads as Members or Elements.
struct Open {
    std::string pointer;
    StreamSink::Shape shape;
    std::size_t index = 0;      ///< Elements: the next element's index
    std::string key;            ///< Members: the key of the value being read
    std::set<std::string> keys; ///< Members: keys seen, for duplicates
};

class Handler : public nlohmann::json_sax<Json> {
public:
    Handler(StreamSink& sink, StreamReader::Buffer& buffer)
        : m_sink(sink)
        , m_buffer(buffer) {}

    bool null() override { return scalar(Json()); }
    bool boolean(bool v) override { return scalar(Json(v)); }
    bool number_integer(number_integer_t v) override { return scalar(Json(v)); }
    bool number_unsigned(number_unsigned_t v) override { return scalar(Json(v)); }
    bool number_float(number_float_t v, const string_t&) override { return scalar(Json(v)); }
    bool string(string_t& v) override { return scalar(Json(std::move(v))); }
    bool binary(binary_t&) override { return false; }

    bool start_object(std::size_t) override { return startContainer(true); }
    bool start_array(std::size_t) override { return startContainer(false); }
    bool key(string_t& k) override {
        if (m_builder.active())
            return m_builder.key(k);
        Open& o = m_open.back();
        if (!o.keys.insert(k).second)
            return false;
        o.key = std::move(k);
        return true;
    }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
        return false;
    }

private:
    struct Slot {
        std::string pointer;
        StreamSink::Shape shape;
    };

    /// An object (@p object) or array begins: part of the value being built, if one is; else
    /// built whole, or walked member by member (an object) or element by element (an array),
    /// as the sink's shape for its place says.
    bool startContainer(bool object) {
        if (!deeper())
            return false;
        const auto startIn = [&] { object ? m_builder.startObject() : m_builder.startArray(); };
        if (m_builder.active()) {
            startIn();
            return true;
        }
        const Slot s = slot();
        if (s.shape == StreamSink::Shape::Whole) {
            m_builder.begin();
            startIn();
            return true;
        }
        if (s.shape != (object ? StreamSink::Shape::Members : StreamSink::Shape::Elements))
            return false;
        m_open.push_back({s.pointer, s.shape, 0, {}, {}});
        return true;
    }

    /// Where the value that starts now goes, and how the sink wants it.
    Slot slot() {
        if (m_open.empty())
            return {std::string(), m_sink.shape(std::string())};
        const Open& o = m_open.back();
        if (o.shape == StreamSink::Shape::Elements)
            return {o.pointer, StreamSink::Shape::Whole};
        std::string p = child(o.pointer, o.key);
        const StreamSink::Shape shape = m_sink.shape(p);
        return {std::move(p), shape};
    }

    bool deeper() { return int(m_open.size()) + m_builder.depth() < kMaxDepth; }

    bool scalar(Json&& v) {
        if (m_builder.active()) {
            if (m_builder.scalar(std::move(v)))
                deliver();
            return true;
        }
        const Slot s = slot();
        if (s.shape != StreamSink::Shape::Whole)
            return false;
        m_builder.begin();
        m_builder.scalar(std::move(v));
        deliver(s.pointer);
        return true;
    }

    bool close() {
        if (m_builder.active()) {
            if (m_builder.end()) {
                deliver();
                scanRows();
            }
            return true;
        }
        const std::string pointer = std::move(m_open.back().pointer);
        m_open.pop_back();
        m_sink.end(pointer);
        return true;
    }

    /// Hands the completed value to the sink: an element of the innermost open array, or the
    /// member being read (whose pointer slot() gave; recomputed here when not passed).
    void deliver(const std::string& pointer = {}) {
        m_builder.finish();
        if (!m_open.empty() && m_open.back().shape == StreamSink::Shape::Elements) {
            Open& o = m_open.back();
            m_sink.element(o.pointer, o.index++, m_builder.result());
            return;
        }
        std::string p = pointer;
        if (p.empty() && !m_open.empty())
            p = child(m_open.back().pointer, m_open.back().key);
        m_sink.value(p, std::move(m_builder.result()));
    }

    /// An element of an array read as Elements has just ended with ']' or '}': nlohmann's
    /// lexer stands right after it and has read nothing ahead (it reads a character past a
    /// number or a word only). The rows that follow are scanned here, each taken by the sink
    /// or left to the parser, which resumes after the last one taken, at the ',' or ']' that
    /// follows it. A row taken is valid JSON by itself, so the text the parser reads on is
    /// accepted or refused just as it is within the whole text.
    void scanRows() {
        if (m_open.empty() || m_open.back().shape != StreamSink::Shape::Elements)
            return;
        Open& o = m_open.back();
        while (const char* next = scanRow(m_buffer.next(), m_buffer.last(), m_cells)) {
            if (!m_sink.row(o.pointer, o.index, m_cells.data(), m_cells.size()))
                return;
            ++o.index;
            m_buffer.skipTo(next);
        }
    }

    StreamSink& m_sink;
    StreamReader::Buffer& m_buffer;
    Builder m_builder;
    std::vector<Open> m_open;
    std::vector<std::int64_t> m_cells;
};

} // namespace

StreamReader::StreamReader(std::string_view text)
    : m_text(text)
    , m_buffer(std::make_unique<Buffer>(text)) {}

StreamReader::~StreamReader() = default;

bool StreamReader::read(StreamSink& sink) {
    if (m_text.size() > kMaxFileBytes)
        return false;
    std::istream in(m_buffer.get());
    Handler handler(sink, *m_buffer);
    if (!Json::sax_parse(in, &handler, Json::input_format_t::json, true, false))
        return false;
    // nlohmann's lexer takes a NUL byte for the end of the input, which json::parse refuses.
    // Anywhere but after the root value it is a syntax error already; after it, the parse
    // stopped short of the end or at a NUL that ends the text. (No pass over the whole text.)
    return offset() == m_text.size() && !m_text.empty() && m_text.back() != '\0';
}

std::size_t StreamReader::offset() const {
    return m_buffer->offset();
}

} // namespace cds::json
