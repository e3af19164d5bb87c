#include "JsonStream.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <locale.h>
#include <set>
#include <utility>
#include <vector>

namespace cds::json {

/// The text and how far the reader has read it: the Lexer reads from next(), and the row
/// scan moves it on past rows it took.
class StreamReader::Buffer {
public:
    explicit Buffer(std::string_view text)
        : m_begin(text.data())
        , m_next(text.data())
        , m_end(text.data() + text.size()) {}
    std::size_t offset() const { return std::size_t(m_next - m_begin); }
    const char* next() const { return m_next; }
    const char* last() const { return m_end; }
    /// Moves on to @p p (read by the Lexer, or scanned here rather than by it).
    void skipTo(const char* p) { m_next = p; }

private:
    const char* m_begin;
    const char* m_next;
    const char* m_end;
};

bool StreamSink::row(const std::string&, std::size_t, const std::int64_t*, std::size_t) {
    return false;
}

namespace {

/// A row with more cells is left to the Lexer.
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
/// anything else (the Lexer reads it then, and refuses it or hands it over whole).
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

/// Builds one value from the Lexer's events, as nlohmann's DOM parser does, but refuses a key
/// named twice in an object (the DOM parser keeps the last one silently).
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

/// @brief Takes the Lexer's events (a value, a key, the start or end of an object or array)
/// and hands the sink what it asked for: whole values built here, members and elements as
/// they come, rows scanned past the Lexer. False refuses the text.
class Handler {
public:
    Handler(StreamSink& sink, StreamReader::Buffer& buffer)
        : m_sink(sink)
        , m_buffer(buffer) {}

    bool null() { return scalar(Json()); }
    bool boolean(bool v) { return scalar(Json(v)); }
    bool number_integer(std::int64_t v) { return scalar(Json(v)); }
    bool number_unsigned(std::uint64_t v) { return scalar(Json(v)); }
    bool number_float(double v) { return scalar(Json(v)); }
    bool string(std::string& v) { return scalar(Json(std::move(v))); }

    bool start_object() { return startContainer(true); }
    bool start_array() { return startContainer(false); }
    bool key(std::string& k) {
        if (m_builder.active())
            return m_builder.key(k);
        Open& o = m_open.back();
        if (!o.keys.insert(k).second)
            return false;
        o.key = std::move(k);
        return true;
    }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

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

    /// An element of an array read as Elements has just ended with ']' or '}': the Lexer
    /// stands right after it. The rows that follow are scanned here, each taken by the sink
    /// or left to the Lexer, which resumes after the last one taken, at the ',' or ']' that
    /// follows it. A row taken is valid JSON by itself, so the text the Lexer reads on is
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

/// Whether @p p .. @p end starts with one UTF-8 character other than ASCII, as RFC 3629 and
/// nlohmann's lexer take one (no overlong form, no surrogate, nothing above U+10FFFF): its
/// length, or 0.
int utf8Length(const unsigned char* p, const unsigned char* end) {
    const auto in = [&](int i, unsigned lo, unsigned hi) {
        return end - p > i && p[i] >= lo && p[i] <= hi;
    };
    const unsigned c = p[0];
    if (c >= 0xC2 && c <= 0xDF)
        return in(1, 0x80, 0xBF) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        const unsigned lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
        return in(1, lo, hi) && in(2, 0x80, 0xBF) ? 3 : 0;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        const unsigned lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
        return in(1, lo, hi) && in(2, 0x80, 0xBF) && in(3, 0x80, 0xBF) ? 4 : 0;
    }
    return 0;
}

/// @brief Reads JSON text into a Handler's SAX events, a pointer over the text rather than
/// nlohmann's lexer, which reads through an input adapter a character at a time and copies
/// each token: at 100,000 GPUs it was a third of the open.
/// It takes exactly what nlohmann's sax_parse (strict, no comments) takes and hands over
/// the same values: the same grammar, whitespace, literals, a UTF-8 byte order mark before
/// the value, strings checked as UTF-8 with the same escapes and surrogate pairs, numbers
/// typed as nlohmann types them (unsigned, then signed, then double; an integer neither
/// holds is a double) and refused as it refuses them (a double that overflows). Anything
/// else, or a Handler answering false, stops it with false; tst_design_reader holds it to
/// nlohmann's parse on damaged texts.
class Lexer {
public:
    Lexer(StreamReader::Buffer& buffer, Handler& handler)
        : m_buffer(buffer)
        , m_h(handler)
        , m_end(buffer.last()) {}

    bool parse() {
        const char* p = m_buffer.next();
        if (m_end - p >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0)
            p += 3;
        m_p = p;
        return value() && after();
    }

private:
    void space() {
        while (m_p < m_end && isSpace(*m_p))
            ++m_p;
    }

    /// Nothing but whitespace after the root value (nlohmann's strict parse).
    bool after() {
        m_p = m_buffer.next();
        space();
        m_buffer.skipTo(m_p);
        return m_p == m_end;
    }

    /// Reads values until the root's has ended; the next character is the one after it.
    bool value() {
        for (;;) {
            space();
            if (m_p == m_end)
                return false;
            if (*m_p == '{' || *m_p == '[') {
                const Opened o = open(*m_p == '{');
                if (o == Opened::Refused)
                    return false;
                if (o == Opened::WithValue)
                    continue; // its first element, or its first member's value
            } else if (!scalar()) {
                return false;
            }
            // A value has ended: the next one in its array or object, or close them.
            for (;;) {
                if (m_stack.empty())
                    return true;
                space();
                if (m_p == m_end)
                    return false;
                const bool object = m_stack.back();
                if (*m_p == ',') {
                    ++m_p;
                    if (object) {
                        space();
                        if (!key())
                            return false;
                    }
                    break;
                }
                if (*m_p != (object ? '}' : ']'))
                    return false;
                m_stack.pop_back();
                if (!close(object))
                    return false;
            }
        }
    }

    enum class Opened { Refused, Empty, WithValue };
    /// The '{' (@p object) or '[' at m_p: the handler is told, and an empty one closed; else
    /// its first key is read.
    Opened open(bool object) {
        ++m_p;
        m_buffer.skipTo(m_p);
        if (!(object ? m_h.start_object() : m_h.start_array()))
            return Opened::Refused;
        space();
        if (m_p < m_end && *m_p == (object ? '}' : ']'))
            return close(object) ? Opened::Empty : Opened::Refused;
        m_stack.push_back(object);
        return !object || key() ? Opened::WithValue : Opened::Refused;
    }

    /// The '}' or ']' at m_p ends an object or array: the handler is told (and may scan rows
    /// past it, which moves the buffer on).
    bool close(bool object) {
        m_buffer.skipTo(++m_p);
        if (!(object ? m_h.end_object() : m_h.end_array()))
            return false;
        m_p = m_buffer.next();
        return true;
    }

    /// "key" and ':' at m_p (after whitespace).
    bool key() {
        if (m_p == m_end || *m_p != '"' || !string())
            return false;
        space();
        if (m_p == m_end || *m_p != ':')
            return false;
        ++m_p;
        m_buffer.skipTo(m_p);
        return m_h.key(m_text);
    }

    bool scalar() {
        const char c = *m_p;
        bool ok = false;
        if (c == '"') {
            ok = string() && (m_buffer.skipTo(m_p), m_h.string(m_text));
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            ok = number();
        } else if (word("true")) {
            ok = m_h.boolean(true);
        } else if (word("false")) {
            ok = m_h.boolean(false);
        } else if (word("null")) {
            ok = m_h.null();
        }
        return ok;
    }

    bool word(std::string_view w) {
        if (std::size_t(m_end - m_p) < w.size() || std::memcmp(m_p, w.data(), w.size()) != 0)
            return false;
        m_p += w.size();
        m_buffer.skipTo(m_p);
        return true;
    }

    /// The string at m_p (its '"') into m_text.
    bool string() {
        m_text.clear();
        const char* p = m_p + 1;
        for (;;) {
            const char* run = p;
            while (p < m_end && static_cast<unsigned char>(*p) >= 0x20 &&
                   static_cast<unsigned char>(*p) < 0x80 && *p != '"' && *p != '\\')
                ++p;
            m_text.append(run, std::size_t(p - run));
            if (p == m_end)
                return false;
            const auto c = static_cast<unsigned char>(*p);
            if (c == '"') {
                m_p = p + 1;
                return true;
            }
            if (c < 0x20)
                return false;
            if (c >= 0x80) {
                const int n = utf8Length(reinterpret_cast<const unsigned char*>(p),
                                         reinterpret_cast<const unsigned char*>(m_end));
                if (n == 0)
                    return false;
                m_text.append(p, std::size_t(n));
                p += n;
                continue;
            }
            if (!escape(p))
                return false;
        }
    }

    /// The escape at @p p (its '\\') onto m_text; @p p moves past it.
    bool escape(const char*& p) {
        if (m_end - p < 2)
            return false;
        const char e = p[1];
        p += 2;
        switch (e) {
        case '"':
            m_text += '"';
            return true;
        case '\\':
            m_text += '\\';
            return true;
        case '/':
            m_text += '/';
            return true;
        case 'b':
            m_text += '\b';
            return true;
        case 'f':
            m_text += '\f';
            return true;
        case 'n':
            m_text += '\n';
            return true;
        case 'r':
            m_text += '\r';
            return true;
        case 't':
            m_text += '\t';
            return true;
        case 'u':
            break;
        default:
            return false;
        }
        const std::string_view rest(p, std::size_t(m_end - p)); // after the "\\u"
        const std::uint32_t first = hex4(rest, 0);
        if (first == 0xFFFFFFFF || (first >= 0xDC00 && first <= 0xDFFF))
            return false;
        p += 4;
        std::uint32_t cp = first;
        if (first >= 0xD800 && first <= 0xDBFF) { // a high surrogate: "\\u" and a low one next
            if (rest.size() < 6 || rest[4] != '\\' || rest[5] != 'u')
                return false;
            const std::uint32_t second = hex4(rest, 6);
            if (second < 0xDC00 || second > 0xDFFF)
                return false;
            p += 6;
            cp = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
        }
        appendUtf8(m_text, cp);
        return true;
    }

    static const char* digits(const char* p, const char* end) {
        while (p < end && *p >= '0' && *p <= '9')
            ++p;
        return p;
    }

    /// The number at m_p, as JSON's grammar has it, typed and converted as nlohmann does.
    bool number() {
        const char* start = m_p;
        const char* p = start + (*start == '-');
        if (p == m_end || *p < '0' || *p > '9')
            return false;
        p = *p == '0' ? p + 1 : digits(p, m_end);
        bool integer = true;
        if (p < m_end && *p == '.') {
            const char* fraction = ++p;
            p = digits(p, m_end);
            if (p == fraction)
                return false;
            integer = false;
        }
        if (p < m_end && (*p == 'e' || *p == 'E')) {
            ++p;
            if (p < m_end && (*p == '+' || *p == '-'))
                ++p;
            const char* exponent = p;
            p = digits(p, m_end);
            if (p == exponent)
                return false;
            integer = false;
        }
        m_p = p;
        m_buffer.skipTo(p);
        if (integer && *start != '-') {
            std::uint64_t u = 0;
            if (std::from_chars(start, p, u).ec == std::errc())
                return m_h.number_unsigned(u);
        } else if (integer) {
            std::int64_t i = 0;
            if (std::from_chars(start, p, i).ec == std::errc())
                return m_h.number_integer(i);
        }
        double d = 0;
        const std::from_chars_result r = std::from_chars(start, p, d);
        if (r.ec == std::errc::result_out_of_range)
            d = outOfRange(start, p); // strtod's answer, as nlohmann's
        else if (r.ec != std::errc() || r.ptr != p)
            return false;
        if (!std::isfinite(d))
            return false; // nlohmann: "number overflow"
        return m_h.number_float(d);
    }

    /// strtod of [@p start, @p end) in the C locale: what nlohmann reads a number as that
    /// from_chars leaves unconverted (too large, or too small for a double but not zero).
    static double outOfRange(const char* start, const char* end) {
        static const locale_t c = newlocale(LC_NUMERIC_MASK, "C", locale_t(nullptr));
        const std::string token(start, end);
        return c ? strtod_l(token.c_str(), nullptr, c) : HUGE_VAL;
    }

    StreamReader::Buffer& m_buffer;
    Handler& m_h;
    const char* m_end;
    const char* m_p = nullptr;
    std::vector<bool> m_stack; ///< open containers, innermost last: true for an object
    std::string m_text;        ///< the string or key being read
};
} // namespace

StreamReader::StreamReader(std::string_view text)
    : m_text(text)
    , m_buffer(std::make_unique<Buffer>(text)) {}

StreamReader::~StreamReader() = default;

bool StreamReader::read(StreamSink& sink) {
    if (m_text.size() > kMaxFileBytes)
        return false;
    Handler handler(sink, *m_buffer);
    return Lexer(*m_buffer, handler).parse();
}

std::size_t StreamReader::offset() const {
    return m_buffer->offset();
}

} // namespace cds::json
