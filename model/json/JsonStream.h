#pragma once
// Internal to model/: reading a JSON document without building a tree of all of it.

#include "Json.h"

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cds::json {

/// @brief Receives a document from StreamReader: small values whole, big ones piece by piece.
/// Pointers are JSON pointers (RFC 6901); the root is "". A sink may throw; the exception
/// leaves StreamReader::read unchanged.
class StreamSink {
public:
    enum class Shape {
        Whole,    ///< built as one Json and handed to value()
        Members,  ///< must be an object: each member is asked its own shape
        Elements, ///< must be an array: each element is built and handed to element()
    };
    virtual ~StreamSink() = default;
    /// How the value at @p pointer is handed over; asked for the root and for each member of
    /// an object read as Members, when its value starts.
    virtual Shape shape(const std::string& pointer) = 0;
    virtual void value(const std::string& pointer, Json&& v) = 0;
    /// Element @p index of the array at @p pointer; @p v is reused for the next element.
    virtual void element(const std::string& pointer, std::size_t index, Json& v) = 0;
    /// Element @p index of the array at @p pointer when it is a flat row of @p n cells, each
    /// an unsigned integer below 10^18 or null (kNullCell), scanned without building a Json
    /// (a link row). True when taken; false to have it built and handed to element() instead.
    /// Asked for the elements after one built and handed to element() that was an array or
    /// object.
    virtual bool row(const std::string& pointer, std::size_t index, const std::int64_t* cells,
                     std::size_t n);
    /// The object or array at @p pointer, read as Members or Elements, has ended.
    virtual void end(const std::string& pointer) = 0;
};

/// Thrown by a sink for a document it does not take in this shape (keys out of the expected
/// order, a version it does not stream): the caller reads it as a whole tree instead.
struct NotStreamed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// @brief Reads a document into a StreamSink with a lexer of its own that takes exactly what
/// nlohmann's parser takes (a pointer over the text: nlohmann's reads a character at a time
/// through an input adapter, a third of a 100,000-GPU open), so only the values the sink asks
/// for whole are ever held: a 100,000-GPU design is never a tree of 30 MiB. Rows of integers
/// (StreamSink::row) are scanned apart: link rows are two thirds of a design file.
/// It refuses what json::parse refuses (bad syntax, nesting deeper than kMaxDepth, a key named
/// twice in one object, a number no double holds, a NUL byte) by returning false, without
/// saying why: the caller then reads the file with json::parse, which words the refusal with
/// its line and column. An element is thus never located in the text on the good path.
class StreamReader {
public:
    explicit StreamReader(std::string_view text);
    ~StreamReader();
    StreamReader(const StreamReader&) = delete;
    StreamReader& operator=(const StreamReader&) = delete;

    /// False for a refused text or a value whose type is not the shape the sink asked for.
    bool read(StreamSink& sink);
    /// Bytes of the text read so far (for progress).
    std::size_t offset() const;

    class Buffer; ///< the text and how far it is read (JsonStream.cpp)

private:
    std::string_view m_text;
    std::unique_ptr<Buffer> m_buffer;
};

} // namespace cds::json
