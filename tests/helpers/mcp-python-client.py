"""The MCP Python SDK's own client against one MCP path of the site.

    python mcp-python-client.py <url of the MCP path> <loopback address to send from>

Lists every resource (following nextCursor), the templates, reads a page and
one of its sections, calls search_docs and follows its first resource_link,
and reads a URI that names no page. Prints one JSON object of what it saw on
stdout (tests/server/mcp-python-client.test.ts checks it); any failure of the
SDK is a traceback and a non-zero exit.
"""

import asyncio
import json
import sys

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError


def dump(model):
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


async def main(url: str, local_address: str) -> dict:
    # One loopback address per test file keeps its own rate-limit window, as tests/helpers/http.ts does.
    transport = httpx2.AsyncHTTPTransport(local_address=local_address)
    async with httpx2.AsyncClient(transport=transport, timeout=httpx2.Timeout(120.0)) as http:
        async with Client(streamable_http_client(url, http_client=http)) as client:
            seen: dict = {
                "protocolVersion": client.protocol_version,
                "resourcesCapability": dump(client.server_capabilities.resources) if client.server_capabilities.resources else None,
            }

            resources = []
            cursor = None
            pages = 0
            while True:
                listed = await client.list_resources(cursor=cursor, cache_mode="bypass")
                pages += 1
                resources.extend(dump(resource) for resource in listed.resources)
                cursor = listed.next_cursor
                if not cursor:
                    break
            seen["resources"] = resources
            seen["listPages"] = pages

            templates = await client.list_resource_templates()
            seen["templates"] = [template.uri_template for template in templates.resource_templates]

            page_uri = next(resource["uri"] for resource in resources if resource["uri"].endswith("/docs/rooms/appearance.md"))
            seen["page"] = [dump(content) for content in (await client.read_resource(page_uri)).contents]
            section_uri = f"{page_uri}#layer.theme.flavor"
            seen["section"] = [dump(content) for content in (await client.read_resource(section_uri)).contents]

            found = await client.call_tool("search_docs", {"query": "reduce motion", "limit": 3})
            seen["searchIsError"] = bool(found.is_error)
            links = [dump(item) for item in found.content if item.type == "resource_link"]
            seen["links"] = links
            if links:
                seen["followed"] = [dump(content) for content in (await client.read_resource(links[0]["uri"])).contents]

            try:
                await client.read_resource(page_uri.replace("/docs/rooms/appearance.md", "/docs/no-such-page.md"))
                seen["unknown"] = None
            except MCPError as error:
                seen["unknown"] = {"code": error.code, "message": error.error.message}
            return seen


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(sys.argv[1], sys.argv[2]))))
