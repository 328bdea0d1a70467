"""Stone Wheel («Каменное колесо»): its event payloads (``events``) and pure rules (``rules``)."""
