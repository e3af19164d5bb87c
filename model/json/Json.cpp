#include "Json.h"

#include <QStringDecoder>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

namespace cds::json {

namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::size_t skipSpace(std::string_view t, std::size_t i) {
    while (i < t.size() && isSpace(t[i]))
        ++i;
    return i;
}

// Returns the index just past the string starting at t[i] == '"'; decodes into out if given.
std::size_t scanString(std::string_view t, std::size_t i, std::string* out) {
    ++i;
    while (i < t.size() && t[i] != '"') {
        if (t[i] == '\\' && i + 1 < t.size()) {
            if (out) {
                char e = t[i + 1];
                out->push_back(e == 'n' ? '\n' : e == 't' ? '\t' : e);
            }
            i += 2;
            continue;
        }
        if (out)
            out->push_back(t[i]);
        ++i;
    }
    return i + 1;
}

std::size_t skipValue(std::string_view t, std::size_t i) {
    i = skipSpace(t, i);
    if (i >= t.size())
        return i;
    if (t[i] == '"')
        return scanString(t, i, nullptr);
    if (t[i] == '{' || t[i] == '[') {
        int depth = 0;
        while (i < t.size()) {
            char c = t[i];
            if (c == '"') {
                i = scanString(t, i, nullptr);
                continue;
            }
            if (c == '{' || c == '[')
                ++depth;
            else if (c == '}' || c == ']') {
                if (--depth == 0)
                    return i + 1;
            }
            ++i;
        }
        return i;
    }
    while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' && !isSpace(t[i]))
        ++i;
    return i;
}

std::string unescapeToken(std::string_view tok) {
    std::string out;
    for (std::size_t i = 0; i < tok.size(); ++i) {
        if (tok[i] == '~' && i + 1 < tok.size()) {
            out.push_back(tok[i + 1] == '1' ? '/' : '~');
            ++i;
        } else {
            out.push_back(tok[i]);
        }
    }
    return out;
}

const char* typeName(const Json& v) {
    return v.type_name();
}

} // namespace

std::size_t locatePointer(std::string_view text, std::string_view pointer) {
    std::size_t pos = skipSpace(text, 0);
    std::size_t p = 0;
    while (p < pointer.size()) {
        if (pointer[p] != '/')
            return std::string_view::npos;
        std::size_t end = pointer.find('/', p + 1);
        if (end == std::string_view::npos)
            end = pointer.size();
        std::string token = unescapeToken(pointer.substr(p + 1, end - p - 1));
        p = end;
        pos = skipSpace(text, pos);
        if (pos >= text.size())
            return std::string_view::npos;
        if (text[pos] == '{') {
            pos = skipSpace(text, pos + 1);
            bool found = false;
            while (pos < text.size() && text[pos] == '"') {
                std::string key;
                pos = scanString(text, pos, &key);
                pos = skipSpace(text, pos);
                if (pos < text.size() && text[pos] == ':')
                    pos = skipSpace(text, pos + 1);
                if (key == token) {
                    found = true;
                    break;
                }
                pos = skipSpace(text, skipValue(text, pos));
                if (pos < text.size() && text[pos] == ',')
                    pos = skipSpace(text, pos + 1);
            }
            if (!found)
                return std::string_view::npos;
        } else if (text[pos] == '[') {
            char* endp = nullptr;
            unsigned long index = std::strtoul(token.c_str(), &endp, 10);
            if (token.empty() || *endp)
                return std::string_view::npos;
            pos = skipSpace(text, pos + 1);
            for (unsigned long k = 0; k < index; ++k) {
                pos = skipSpace(text, skipValue(text, pos));
                if (pos >= text.size() || text[pos] != ',')
                    return std::string_view::npos;
                pos = skipSpace(text, pos + 1);
            }
        } else {
            return std::string_view::npos;
        }
    }
    return skipSpace(text, pos);
}

void offsetToLineColumn(std::string_view text, std::size_t offset, int& line, int& column) {
    line = 1;
    column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
}

void appendUtf8(std::string& out, std::uint32_t c) {
    if (c < 0x80) {
        out.push_back(char(c));
    } else if (c < 0x800) {
        out.push_back(char(0xC0 | (c >> 6)));
        out.push_back(char(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
        out.push_back(char(0xE0 | (c >> 12)));
        out.push_back(char(0x80 | ((c >> 6) & 0x3F)));
        out.push_back(char(0x80 | (c & 0x3F)));
    } else {
        out.push_back(char(0xF0 | (c >> 18)));
        out.push_back(char(0x80 | ((c >> 12) & 0x3F)));
        out.push_back(char(0x80 | ((c >> 6) & 0x3F)));
        out.push_back(char(0x80 | (c & 0x3F)));
    }
}

std::uint32_t hex4(std::string_view s, std::size_t i) {
    if (i + 4 > s.size())
        return 0xFFFFFFFF;
    std::uint32_t v = 0;
    for (std::size_t k = i; k < i + 4; ++k) {
        const char c = s[k];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= std::uint32_t(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= std::uint32_t(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= std::uint32_t(c - 'A' + 10);
        else
            return 0xFFFFFFFF;
    }
    return v;
}

namespace {

/// One open object or array of the token scan.
struct Frame {
    bool object = false;
    bool expectKey = false;    ///< the next string in this object is a key
    std::size_t keysBegin = 0; ///< its keys in Scanner::keys start here
    std::unique_ptr<std::unordered_map<std::string_view, std::size_t>> index; ///< for big objects
};

struct Key {
    std::string_view name;
    std::size_t offset;
};

constexpr std::size_t kLinearKeys = 16; // objects with more keys get a hash index

/// The checks nlohmann::json does not make, in one pass over the text before it parses:
/// nesting depth, duplicate keys (nlohmann keeps the last silently) and numbers no double can
/// hold (nlohmann throws out_of_range). Tolerant of bad syntax, which the parser then reports.
class Scanner {
public:
    explicit Scanner(std::string_view t)
        : m_t(t) {}

    /// Returns false with the offset and message of the first problem.
    bool run(std::size_t& at, std::string& message) {
        for (std::size_t i = 0; i < m_t.size();) {
            const char c = m_t[i];
            if (c == '"') {
                const std::size_t end = scanString(m_t, i, nullptr);
                if (!m_frames.empty() && m_frames.back().object && m_frames.back().expectKey) {
                    m_frames.back().expectKey = false;
                    if (!addKey(i, std::min(end, m_t.size()), at, message))
                        return false;
                }
                i = end;
                continue;
            }
            if (c == '{' || c == '[') {
                if (m_frames.size() >= std::size_t(kMaxDepth)) {
                    at = i;
                    message = "nesting deeper than " + std::to_string(kMaxDepth) + " levels";
                    return false;
                }
                Frame f;
                f.object = c == '{';
                f.expectKey = f.object;
                f.keysBegin = m_keys.size();
                m_frames.push_back(std::move(f));
            } else if (c == '}' || c == ']') {
                if (!m_frames.empty()) {
                    m_keys.resize(m_frames.back().keysBegin);
                    m_frames.pop_back();
                }
            } else if (c == ',') {
                if (!m_frames.empty() && m_frames.back().object)
                    m_frames.back().expectKey = true;
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                std::size_t end = i + 1;
                while (end < m_t.size() && isNumberChar(m_t[end]))
                    ++end;
                if (!checkNumber(i, end, at, message))
                    return false;
                i = end;
                continue;
            }
            ++i;
        }
        return true;
    }

private:
    static bool isNumberChar(char c) {
        return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
    }

    bool checkNumber(std::size_t begin, std::size_t end, std::size_t& at, std::string& message) {
        const std::string_view tok = m_t.substr(begin, end - begin);
        // Up to 15 digits without an exponent always fit a double; only longer ones are parsed.
        if (tok.size() <= 15 && tok.find_first_of("eE") == std::string_view::npos)
            return true;
        // The whole token: a prefix can overflow where the number does not (1 and 1,100 zeros,
        // then e-1100, is 1.0).
        const std::string copy(tok);
        const double d = std::strtod(copy.c_str(), nullptr);
        if (std::isfinite(d))
            return true;
        at = begin;
        const std::string shown = tok.size() > 40 ? std::string(tok.substr(0, 20)) + "... (" +
                                                        std::to_string(tok.size()) + " characters)"
                                                  : std::string(tok);
        message = "number " + shown + " is out of range (larger than any value the studio reads)";
        return false;
    }

    /// A key as the parser stores it: "n\u0061me" and "name" are the same key.
    static std::string decodeKey(std::string_view raw) {
        std::string out;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] != '\\' || i + 1 >= raw.size()) {
                out.push_back(raw[i]);
                continue;
            }
            const char e = raw[++i];
            switch (e) {
            case 'b':
                out.push_back('\b');
                break;
            case 'f':
                out.push_back('\f');
                break;
            case 'n':
                out.push_back('\n');
                break;
            case 'r':
                out.push_back('\r');
                break;
            case 't':
                out.push_back('\t');
                break;
            case 'u': {
                std::uint32_t c = hex4(raw, i + 1);
                if (c == 0xFFFFFFFF) { // bad escape: the parser reports it
                    out.push_back(e);
                    break;
                }
                i += 4;
                if (c >= 0xD800 && c < 0xDC00 && i + 6 < raw.size() && raw[i + 1] == '\\' &&
                    raw[i + 2] == 'u') {
                    const std::uint32_t lo = hex4(raw, i + 3);
                    if (lo >= 0xDC00 && lo < 0xE000) {
                        c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
                        i += 6;
                    }
                }
                appendUtf8(out, c);
                break;
            }
            default:
                out.push_back(e);
                break;
            }
        }
        return out;
    }

    bool addKey(std::size_t begin, std::size_t end, std::size_t& at, std::string& message) {
        std::string_view name = m_t.substr(begin + 1, end > begin + 1 ? end - begin - 2 : 0);
        if (name.find('\\') != std::string_view::npos) {
            m_decoded.push_back(decodeKey(name));
            name = m_decoded.back();
        }
        Frame& f = m_frames.back();
        const std::size_t count = m_keys.size() - f.keysBegin;
        std::size_t first = std::string_view::npos;
        if (f.index) {
            if (auto it = f.index->find(name); it != f.index->end())
                first = it->second;
        } else {
            for (std::size_t k = f.keysBegin; k < m_keys.size(); ++k)
                if (m_keys[k].name == name) {
                    first = m_keys[k].offset;
                    break;
                }
        }
        if (first != std::string_view::npos) {
            int line = 0, column = 0;
            offsetToLineColumn(m_t, first, line, column);
            at = begin;
            message = "duplicate key \"" + std::string(name.substr(0, 200)) + "\" (first at line " +
                      std::to_string(line) + ", column " + std::to_string(column) +
                      "); a file must name each key once";
            return false;
        }
        m_keys.push_back({name, begin});
        if (f.index) {
            f.index->emplace(name, begin);
        } else if (count + 1 > kLinearKeys) {
            f.index = std::make_unique<std::unordered_map<std::string_view, std::size_t>>();
            for (std::size_t k = f.keysBegin; k < m_keys.size(); ++k)
                f.index->emplace(m_keys[k].name, m_keys[k].offset);
        }
        return true;
    }

    std::string_view m_t;
    std::vector<Frame> m_frames;
    std::vector<Key> m_keys;
    std::deque<std::string> m_decoded; // stable storage for keys with escapes
};

/// The parser's message in our words: "syntax error while parsing object key - invalid
/// literal; last read: '{x'; expected string literal" -> "invalid JSON in an object key:
/// invalid literal 'x'; expected a string".
std::string syntaxMessage(const std::string& what) {
    std::string msg = what;
    if (auto colon = msg.find(": "); colon != std::string::npos)
        msg = msg.substr(colon + 2);
    return "invalid JSON: " + msg;
}

} // namespace

bool parse(std::string_view text, const QString& file, Json& out, FileError& error) {
    error = FileError{file, 0, 0, {}, {}};
    if (text.size() > kMaxFileBytes) {
        error.message = QStringLiteral("file is larger than %1 MiB").arg(kMaxFileBytes >> 20);
        return false;
    }
    if (text.empty() || skipSpace(text, 0) == text.size()) {
        error.message = QStringLiteral("the file is empty");
        return false;
    }
    if (const void* nul = std::memchr(text.data(), 0, text.size())) {
        offsetToLineColumn(text, std::size_t(static_cast<const char*>(nul) - text.data()),
                           error.line, error.column);
        error.message = QStringLiteral("the file holds a NUL byte: it is binary data, not JSON");
        return false;
    }
    // Hostile nesting, duplicate keys and huge numbers are refused before nlohmann sees them.
    std::size_t at = 0;
    std::string message;
    if (!Scanner(text).run(at, message)) {
        offsetToLineColumn(text, at, error.line, error.column);
        error.message = QString::fromStdString(message);
        return false;
    }
    try {
        out = Json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        std::size_t byte = e.byte > 0 ? e.byte - 1 : 0;
        offsetToLineColumn(text, byte, error.line, error.column);
        error.message = QString::fromStdString(syntaxMessage(e.what()));
        return false;
    } catch (const nlohmann::json::exception&) {
        // The scan above refuses what nlohmann throws for (number overflow); never a crash.
        error.message = QStringLiteral("the file holds a value the studio cannot read");
        return false;
    }
    return true;
}

namespace {

class Releaser {
public:
    ~Releaser() {
        std::lock_guard lock(m_mutex);
        if (m_thread.joinable())
            m_thread.join();
    }
    void take(Json&& doc) {
        std::lock_guard lock(m_mutex);
        if (m_thread.joinable())
            m_thread.join();
        m_thread = std::thread([tree = std::move(doc)]() mutable { tree = Json(); });
    }

private:
    std::mutex m_mutex;
    std::thread m_thread;
};

} // namespace

void releaseInBackground(Json&& doc) {
    static Releaser releaser;
    releaser.take(std::move(doc));
}

FileError fieldError(std::string_view text, const QString& file, const FieldError& e) {
    // A pointer names a place in the file: when the value is absent (a migrated file, a
    // member read as null), the nearest enclosing value that exists is named instead.
    std::string pointer = e.pointer;
    std::string absent;
    std::size_t off = locatePointer(text, pointer);
    while (off == std::string_view::npos && !pointer.empty()) {
        const std::size_t slash = pointer.rfind('/');
        const std::string token = pointer.substr(slash + 1);
        absent = absent.empty() ? token : token + "/" + absent;
        pointer.resize(slash);
        off = locatePointer(text, pointer);
    }
    QString message = QString::fromUtf8(e.what());
    if (!absent.empty())
        message = QStringLiteral("\"%1\": %2").arg(QString::fromStdString(absent), message);
    FileError err{file, 0, 0, QString::fromStdString(pointer), message};
    if (off != std::string_view::npos)
        offsetToLineColumn(text, off, err.line, err.column);
    return err;
}

std::string child(const std::string& pointer, std::string_view key) {
    std::string out = pointer;
    out.push_back('/');
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out.push_back(c);
    }
    return out;
}

std::string child(const std::string& pointer, std::size_t index) {
    return pointer + "/" + std::to_string(index);
}

void requireObject(const Json& v, const std::string& ptr) {
    if (!v.is_object())
        throw FieldError(ptr, std::string("expected an object, found ") + typeName(v));
}

void requireArray(const Json& v, const std::string& ptr) {
    if (!v.is_array())
        throw FieldError(ptr, std::string("expected an array, found ") + typeName(v));
}

const Json& member(const Json& obj, std::string_view key, const std::string& ptr) {
    requireObject(obj, ptr);
    auto it = obj.find(key);
    if (it == obj.end())
        throw FieldError(ptr, "missing required field \"" + std::string(key) + "\"");
    return *it;
}

namespace {

/// Edit distance between two short keys, case-insensitive; stops counting above 3.
std::size_t keyDistance(std::string_view a, std::string_view b) {
    if (a.size() > b.size() + 3 || b.size() > a.size() + 3)
        return 4;
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                              std::tolower(static_cast<unsigned char>(b[j - 1]));
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (same ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

} // namespace

void requireKnownKeys(const Json& obj, const std::string& ptr,
                      std::initializer_list<std::string_view> known) {
    if (!obj.is_object())
        return;
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        const std::string& key = it.key();
        if (std::find(known.begin(), known.end(), std::string_view(key)) != known.end())
            continue;
        std::string_view closest;
        std::size_t best = 3;
        for (std::string_view k : known)
            if (const std::size_t dist = keyDistance(key, k); dist < best) {
                best = dist;
                closest = k;
            }
        std::string message = "unknown key \"" + key.substr(0, 64) + "\"";
        if (!closest.empty())
            message += " (did you mean \"" + std::string(closest) + "\"?)";
        message += "; the studio would ignore it and drop it on save";
        throw FieldError(child(ptr, key), message);
    }
}

const Json* optionalMember(const Json& obj, std::string_view key) {
    if (!obj.is_object())
        return nullptr;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return nullptr;
    return &*it;
}

double number(const Json& v, const std::string& ptr, double min, double max) {
    if (!v.is_number())
        throw FieldError(ptr, std::string("expected a number, found ") + typeName(v));
    double d = v.get<double>();
    if (!std::isfinite(d) || d < min || d > max)
        throw FieldError(ptr, "number " + v.dump() + " is outside the allowed range " +
                                  Json(min).dump() + " to " + Json(max).dump());
    return d;
}

long long integer(const Json& v, const std::string& ptr, long long min, long long max) {
    if (!v.is_number_integer()) {
        if (v.is_number_float()) {
            double d = v.get<double>();
            if (std::isfinite(d) && d == std::floor(d) && d >= double(min) && d <= double(max))
                return static_cast<long long>(d);
        }
        throw FieldError(ptr, std::string("expected a whole number, found ") +
                                  (v.is_number() ? v.dump() : typeName(v)));
    }
    if (v.is_number_unsigned() && v.get<unsigned long long>() > (unsigned long long)max)
        throw FieldError(ptr, "number " + v.dump() + " is too large");
    long long x = v.get<long long>();
    if (x < min || x > max)
        throw FieldError(ptr, "number " + v.dump() + " is outside the allowed range " +
                                  std::to_string(min) + " to " + std::to_string(max));
    return x;
}

std::string string(const Json& v, const std::string& ptr, std::size_t maxLength) {
    if (!v.is_string())
        throw FieldError(ptr, std::string("expected a string, found ") + typeName(v));
    const auto& s = v.get_ref<const std::string&>();
    if (s.size() > maxLength)
        throw FieldError(ptr, "string longer than " + std::to_string(maxLength) + " bytes");
    return s;
}

bool boolean(const Json& v, const std::string& ptr) {
    if (!v.is_boolean())
        throw FieldError(ptr, std::string("expected true or false, found ") + typeName(v));
    return v.get<bool>();
}

QString qstring(const Json& v, const std::string& ptr, std::size_t maxLength) {
    const std::string s = string(v, ptr, maxLength);
    // QString::fromUtf8 drops a leading byte order mark; in a string value it is a character
    // of the value, so it is kept and saved back as it was.
    if (s.size() >= 3 && s.compare(0, 3, "\xEF\xBB\xBF") == 0) {
        QStringDecoder keepBom(QStringConverter::Utf8, QStringConverter::Flag::ConvertInitialBom);
        return keepBom(QByteArrayView(s.data(), qsizetype(s.size())));
    }
    return QString::fromStdString(s);
}

double optNumber(const Json& obj, std::string_view key, const std::string& objPtr, double min,
                 double max, double fallback) {
    const Json* v = optionalMember(obj, key);
    return v ? number(*v, child(objPtr, key), min, max) : fallback;
}

long long optInteger(const Json& obj, std::string_view key, const std::string& objPtr,
                     long long min, long long max, long long fallback) {
    const Json* v = optionalMember(obj, key);
    return v ? integer(*v, child(objPtr, key), min, max) : fallback;
}

std::optional<double> optNumber(const Json& obj, std::string_view key, const std::string& objPtr,
                                double min, double max) {
    const Json* v = optionalMember(obj, key);
    if (!v)
        return std::nullopt;
    return number(*v, child(objPtr, key), min, max);
}

bool optBool(const Json& obj, std::string_view key, const std::string& objPtr, bool fallback) {
    const Json* v = optionalMember(obj, key);
    return v ? boolean(*v, child(objPtr, key)) : fallback;
}

QString optString(const Json& obj, std::string_view key, const std::string& objPtr,
                  const QString& fallback) {
    const Json* v = optionalMember(obj, key);
    return v ? qstring(*v, child(objPtr, key)) : fallback;
}

namespace {

bool isScalar(const nlohmann::ordered_json& v) {
    return !v.is_object() && !v.is_array();
}

} // namespace

void appendStable(std::string& out, const nlohmann::ordered_json& v, int indent) {
    if (v.is_object()) {
        if (v.empty()) {
            out += "{}";
            return;
        }
        out += "{\n";
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!first)
                out += ",\n";
            first = false;
            out.append(std::size_t(indent + 2), ' ');
            out += nlohmann::ordered_json(it.key()).dump();
            out += ": ";
            appendStable(out, it.value(), indent + 2);
        }
        out += "\n";
        out.append(std::size_t(indent), ' ');
        out += "}";
    } else if (v.is_array()) {
        bool flat = std::all_of(v.begin(), v.end(), [](const auto& e) { return isScalar(e); });
        if (v.empty() || flat) {
            out += "[";
            bool first = true;
            for (const auto& e : v) {
                if (!first)
                    out += ", ";
                first = false;
                out += e.dump();
            }
            out += "]";
            return;
        }
        out += "[\n";
        bool first = true;
        for (const auto& e : v) {
            if (!first)
                out += ",\n";
            first = false;
            out.append(std::size_t(indent + 2), ' ');
            appendStable(out, e, indent + 2);
        }
        out += "\n";
        out.append(std::size_t(indent), ' ');
        out += "]";
    } else {
        out += v.dump();
    }
}

std::string dumpStable(const nlohmann::ordered_json& v) {
    std::string out;
    appendStable(out, v, 0);
    out += "\n";
    return out;
}

} // namespace cds::json
