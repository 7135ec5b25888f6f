-- Where certified counterparties are (issue 16: a supplier located in a risk area). A tenant request sees
-- only its own enterprise; this answers, for the USCIs it names, only the place of business (the operating
-- address's country, province and city, else the registered address's), never the street or other data.
CREATE FUNCTION tracehub_enterprise_places(uscis text[]) RETURNS TABLE(usci text, country text, province text, city text) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT e.usci,
         coalesce(e.operation_address->>'country', e.registered_address->>'country'),
         coalesce(e.operation_address->>'province', e.registered_address->>'province'),
         coalesce(e.operation_address->>'city', e.registered_address->>'city')
    FROM enterprises e WHERE e.usci = ANY(uscis) AND e.did IS NOT NULL
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_enterprise_places(text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_enterprise_places(text[]) TO tracehub_app;
